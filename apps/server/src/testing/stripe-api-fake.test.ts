import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeApiFake, STRIPE_ROUTES, type StripeApiFake } from '@agentcast/test-fakes/stripe-api-fake';
import { parseStripeParams } from '@agentcast/test-fakes/stripe-fake-form';
import { startWebhookReceiver, type WebhookReceiver } from '@agentcast/test-fakes/webhook-receiver';

// The Stripe fake driven by the real `stripe` client, configured as the product configures it (a host, a port,
// http), and its webhooks verified with the package's own constructEvent, as the product's endpoint verifies them.

const SECRET_KEY = 'sk_test_51FakeAgentcastKey0123456789';
const WEBHOOK_SECRET = 'whsec_fake_agentcast_0123456789';
const MONTHLY = 'price_pro_monthly';
const YEARLY = 'price_pro_yearly';

let fake: StripeApiFake;
let receiver: WebhookReceiver;
let stripe: Stripe;
/** The fake's clock, which a test moves to renew a subscription. */
let clock = new Date('2026-11-02T10:00:00Z');

const clientFor = (baseUrl: string, key: string) => {
  const url = new URL(baseUrl);
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 2 });
};
const seconds = (iso: string) => Date.parse(iso) / 1000;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fake = await startStripeApiFake({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    now: () => clock,
    prices: [
      { id: MONTHLY, product: { name: 'Pro' }, unit_amount: 2900, currency: 'usd', recurring: { interval: 'month' } },
      { id: YEARLY, product: { name: 'Pro' }, unit_amount: 29000, currency: 'usd', recurring: { interval: 'year' } },
    ],
  });
  stripe = clientFor(fake.baseUrl, SECRET_KEY);
});
afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

/** The events the receiver got from `from` on, once `count` have arrived, each verified against its signature. */
const eventsReceived = async (from: number, count: number) =>
  (await receiver.waitFor(from + count))
    .slice(from, from + count)
    .map((webhook) =>
      stripe.webhooks.constructEvent(webhook.body, String(webhook.headers['stripe-signature']), WEBHOOK_SECRET),
    );

/** Submits the page's form whose button reads `label`, as a browser would: to its action, with its hidden fields. */
const submitForm = async (pageUrl: string, label: string) => {
  const html = await (await fetch(pageUrl)).text();
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((match) =>
    match[2]?.includes(`>${label}</button>`),
  );
  if (!form?.[1]) throw new Error(`No form with a "${label}" button on ${pageUrl}:\n${html}`);
  const hidden = [...(form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)];
  return fetch(new URL(form[1], pageUrl), {
    method: 'POST',
    body: new URLSearchParams(hidden.map(([, name = '', value = '']): [string, string] => [name, value])),
    redirect: 'manual',
  });
};

/** A workspace's customer and a Checkout Session for `price`, as the product's "Choose plan" makes them. */
const startCheckout = async (workspaceId: string, price: string) => {
  const customer = await stripe.customers.create(
    { email: `${workspaceId}@example.com`, name: workspaceId, metadata: { workspace_id: workspaceId } },
    { idempotencyKey: `customer:${workspaceId}` },
  );
  const metadata = { workspace_id: workspaceId, plan: 'pro' };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: workspaceId,
    line_items: [{ price, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    success_url: 'http://127.0.0.1:9/settings?billing=paid&session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:9/settings?billing=cancelled',
  });
  return { customer, session };
};

/** A paid subscription, bought with the test control rather than the page. */
const subscribe = async (workspaceId: string, price: string) => {
  const { customer, session } = await startCheckout(workspaceId, price);
  await fake.completeCheckout(session.id);
  return { customer, subscriptionId: fake.sessions.get(session.id)?.subscription ?? '' };
};

describe('Stripe API fake', () => {
  it('sells a subscription through the hosted Checkout page and reports it with three signed events', async () => {
    clock = new Date('2026-11-02T10:00:00Z');
    const { customer, session } = await startCheckout('w1', MONTHLY);
    expect(customer).toMatchObject({ object: 'customer', email: 'w1@example.com', metadata: { workspace_id: 'w1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, livemode: false });
    expect(session).toMatchObject({
      object: 'checkout.session',
      url: `${fake.baseUrl}/pay/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: 'w1',
      amount_total: 2900,
      created: seconds('2026-11-02T10:00:00Z'),
    });
    expect(session.id).toMatch(/^cs_test_/);
    // stripe-node's bracket notation, as the fake received it.
    const sent = fake.requestsTo(STRIPE_ROUTES.createCheckoutSession).at(-1)?.body.toString() ?? '';
    expect(sent).toContain(`line_items[0][price]=${MONTHLY}`);
    expect(sent).toContain('subscription_data[metadata][workspace_id]=w1');

    const page = await (await fetch(session.url ?? '')).text();
    expect(page).toContain('Pro');
    expect(page).toContain('$29.00 per month');
    const before = receiver.received.length;
    const paid = await submitForm(session.url ?? '', 'Pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:9/settings?billing=paid&session=${session.id}`);

    const events = await eventsReceived(before, 3);
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const subscriptionId = String(completed.subscription);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(subscriptionId).toMatch(/^sub_/);
    for (const event of events) {
      expect(event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, livemode: false });
      expect(event.id).toMatch(/^evt_/);
    }
    expect(events[0]?.data.object).toMatchObject({ subscription: subscriptionId, client_reference_id: 'w1' });
    expect(events[1]?.data.object).toMatchObject({ id: subscriptionId, status: 'active' });
    expect(events[2]?.data.object).toMatchObject({
      status: 'paid',
      parent: { subscription_details: { subscription: subscriptionId } },
    });

    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { workspace_id: 'w1', plan: 'pro' },
      cancel_at_period_end: false,
    });
    expect(subscription.items.data[0]).toMatchObject({
      price: { id: MONTHLY, recurring: { interval: 'month' } },
      current_period_start: seconds('2026-11-02T10:00:00Z'),
      current_period_end: seconds('2026-12-02T10:00:00Z'),
    });

    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      currency: 'usd',
      created: seconds('2026-11-02T10:00:00Z'),
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    const invoicePage = await fetch(invoices.data[0]?.hosted_invoice_url ?? '');
    expect(invoicePage.status).toBe(200);
    expect(await invoicePage.text()).toContain('$29.00');
    expect(fake.events.slice(-3).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
  });

  it('answers an unknown price, customer or subscription as Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'w2@example.com' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://127.0.0.1:9/paid',
      }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: 'cus_nope',
        line_items: [{ price: MONTHLY, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nope'",
    });
  });

  it('refuses a parameter Stripe does not take, as Stripe does', async () => {
    const answer = await fetch(`${fake.baseUrl}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `mode=subscription&line_item[0][price]=${MONTHLY}&line_item[0][quantity]=1`,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_unknown', param: 'line_item' },
    });
  });

  it('bills each month on the day it began, or the last day of a shorter month', async () => {
    clock = new Date('2027-01-31T12:00:00Z');
    const { customer, subscriptionId } = await subscribe('w7', MONTHLY);
    await fake.renew(subscriptionId);
    const [item] = (await stripe.subscriptions.retrieve(subscriptionId)).items.data;
    expect(item).toMatchObject({
      current_period_start: seconds('2027-02-28T12:00:00Z'),
      current_period_end: seconds('2027-03-31T12:00:00Z'),
    });
    const newest = await stripe.invoices.list({ customer: customer.id, limit: 1 });
    expect(newest.has_more).toBe(true);
    const oldest = await stripe.invoices.list({ customer: customer.id, limit: 2, starting_after: newest.data[0]?.id });
    expect(oldest).toMatchObject({ has_more: false, data: [{ billing_reason: 'subscription_create' }] });
    expect(newest.data[0]?.lines.data[0]?.period).toEqual({
      start: seconds('2027-02-28T12:00:00Z'),
      end: seconds('2027-03-31T12:00:00Z'),
    });
  });

  it('cancels from the customer portal and sends customer.subscription.deleted', async () => {
    const { customer, subscriptionId } = await subscribe('w3', MONTHLY);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:9/settings?workspace=w3',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      url: `${fake.baseUrl}/portal/${portal.id}`,
      return_url: 'http://127.0.0.1:9/settings?workspace=w3',
      customer: customer.id,
    });
    expect(portal.id).toMatch(/^bps_/);

    const before = receiver.received.length;
    const cancelled = await submitForm(portal.url, 'Cancel subscription');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://127.0.0.1:9/settings?workspace=w3');
    const [deleted] = await eventsReceived(before, 1);
    expect(deleted).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId, status: 'canceled' } },
    });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'canceled',
      canceled_at: expect.any(Number),
    });
  });

  it('fails a renewal into past_due, then renews again paid', async () => {
    clock = new Date('2026-11-02T10:00:00Z');
    const { customer, subscriptionId } = await subscribe('w4', YEARLY);
    fake.failNextPayment(subscriptionId);
    clock = new Date('2027-11-02T10:00:00Z');
    const before = receiver.received.length;
    await fake.renew(subscriptionId);
    const [failed, updated] = await eventsReceived(before, 2);
    expect(failed).toMatchObject({ type: 'invoice.payment_failed', data: { object: { status: 'open' } } });
    expect(updated).toMatchObject({
      type: 'customer.subscription.updated',
      data: { object: { status: 'past_due' }, previous_attributes: { status: 'active' } },
    });
    const pastDue = await stripe.subscriptions.retrieve(subscriptionId);
    expect(pastDue.status).toBe('past_due');
    // Stripe moves the period on even when the charge fails.
    expect(pastDue.items.data[0]?.current_period_end).toBe(seconds('2028-11-02T10:00:00Z'));
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices.data.map((invoice) => [invoice.status, invoice.amount_paid])).toEqual([
      ['open', 0],
      ['paid', 29000],
    ]);

    const again = receiver.received.length;
    await fake.renew(subscriptionId);
    const [paid, active] = await eventsReceived(again, 2);
    expect(paid?.type).toBe('invoice.paid');
    expect(active).toMatchObject({ type: 'customer.subscription.updated', data: { object: { status: 'active' } } });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
  });

  it('answers a repeated idempotency key with the same object, and a reused one with different parameters 400', async () => {
    const customersBefore = fake.customers.size;
    const first = await stripe.customers.create({ email: 'w5@example.com' }, { idempotencyKey: 'customer:w5' });
    const repeat = await stripe.customers.create({ email: 'w5@example.com' }, { idempotencyKey: 'customer:w5' });
    expect(repeat.id).toBe(first.id);
    expect(repeat.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.customers.size).toBe(customersBefore + 1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer:w5' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('refuses a wrong or missing secret key with 401', async () => {
    await expect(clientFor(fake.baseUrl, 'sk_test_wrongwrongwrong1234').customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: `Invalid API Key provided: sk_test_${'*'.repeat(15)}1234`,
    });
    const anonymous = await fetch(`${fake.baseUrl}/v1/customers`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
  });

  it('resends, reorders and forges events', async () => {
    const { session } = await startCheckout('w6', MONTHLY);
    // Held: with no webhook URL the events are made but not sent, for the test to send in its own order.
    fake.setWebhookUrl(undefined);
    const held = await fake.completeCheckout(session.id);
    expect(held.map((delivery) => delivery.status)).toEqual([null, null, null]);
    fake.setWebhookUrl(receiver.url);

    const before = receiver.received.length;
    for (const delivery of [...held].reverse()) await fake.resend(delivery.event.id);
    await fake.resend(held[0]?.event.id ?? '');
    const resent = await eventsReceived(before, 4);
    expect(resent.map((event) => event.type)).toEqual([
      'invoice.paid',
      'customer.subscription.created',
      'checkout.session.completed',
      'checkout.session.completed',
    ]);
    expect(resent[3]?.id).toBe(resent[2]?.id);

    const forged = fake.makeEvent('invoice.paid', fake.invoices.get((resent[0]?.data.object as { id: string }).id)!);
    const forgedDelivery = await fake.sendEvent(forged, { secret: 'whsec_not_the_one' });
    expect(() =>
      stripe.webhooks.constructEvent(forgedDelivery.payload, forgedDelivery.signature, WEBHOOK_SECRET),
    ).toThrow(/signature/i);
  });

  it("parses Stripe's bracket notation into hashes and lists", () => {
    expect(
      parseStripeParams(
        'line_items[0][price]=price_a&line_items[0][quantity]=2&line_items[1][price]=price_b' +
          '&metadata%5Bworkspace_id%5D=w1&metadata[note]=two+words&expand[]=a&expand[]=b&__proto__[x]=1&mode=subscription',
      ),
    ).toEqual({
      line_items: [{ price: 'price_a', quantity: '2' }, { price: 'price_b' }],
      metadata: { workspace_id: 'w1', note: 'two words' },
      expand: ['a', 'b'],
      mode: 'subscription',
    });
  });
});
