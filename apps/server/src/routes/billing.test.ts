import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type BillingStatus } from '@agentcast/contracts/billing';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import { WORKSPACE_HEADER } from '@agentcast/contracts/workspace-roles';
import { stripeEvent } from '@agentcast/db/schema/billing';
import { workspace, workspaceMember } from '@agentcast/db/schema/workspaces';
import { startStripeApiFake, STRIPE_ROUTES, type StripeApiFake } from '@agentcast/test-fakes/stripe-api-fake';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { createHttpClient, readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { userIdOf } from '../testing/workspace-with-roles.ts';

const SECRET_KEY = 'sk_test_agentcast';
const WEBHOOK_SECRET = 'whsec_test_agentcast';
const PRICES = {
  starter: { monthly: 'price_starter_monthly', yearly: 'price_starter_yearly' },
  pro: { monthly: 'price_pro_monthly', yearly: 'price_pro_yearly' },
};

/** A recurring price as the operator makes it in Stripe's dashboard, in cents. */
const priceOf = (plan: keyof typeof PRICES, period: 'monthly' | 'yearly', unitAmount: number) => ({
  id: PRICES[plan][period],
  product: { name: plan === 'pro' ? 'Pro' : 'Starter' },
  unit_amount: unitAmount,
  currency: 'usd',
  recurring: { interval: period === 'monthly' ? ('month' as const) : ('year' as const) },
});

let stripe: StripeApiFake;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeApiFake({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [
      priceOf('starter', 'monthly', 15_000),
      priceOf('starter', 'yearly', 135_000),
      priceOf('pro', 'monthly', 25_000),
      priceOf('pro', 'yearly', 240_000),
    ],
  });
  server = await startTestServer({
    stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBaseUrl: stripe.baseUrl, prices: PRICES },
  });
  stripe.setWebhookUrl(`${server.url}/api/billing/stripe/webhook`);
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const billingOf = async (browser: HttpClient) => (await readJson(await browser.get('/api/billing'))) as BillingStatus;
const planOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/usage'))) as UsageSummary).plan.id;

/** A signed-up browser buys a plan through Checkout, paying on the fake's hosted page. */
const subscribedAs = async (browser: HttpClient, plan: 'starter' | 'pro', period: 'monthly' | 'yearly') => {
  const started = await browser.post('/api/billing/checkout', { plan, period });
  expect(started.status).toBe(201);
  const { url } = (await readJson(started)) as { url: string };
  const sessionId = url.slice(url.lastIndexOf('/') + 1);
  const deliveries = await stripe.completeCheckout(sessionId);
  const subscriptionId = stripe.sessions.get(sessionId)!.subscription as string;
  return { url, sessionId, deliveries, subscriptionId };
};

/** A new owner who has bought a plan. */
const subscribed = async (plan: 'starter' | 'pro', period: 'monthly' | 'yearly') => {
  const { browser } = await signUpVerifiedUser(server);
  return { browser, ...(await subscribedAs(browser, plan, period)) };
};

describe('card billing with Stripe', () => {
  it('sells a plan through Checkout, and the webhook puts the workspace on it', async () => {
    const { browser } = await signUpVerifiedUser(server);
    expect(await billingOf(browser)).toEqual({ enabled: true, subscription: null });

    const { url, sessionId, deliveries } = await subscribedAs(browser, 'pro', 'monthly');
    expect(url).toBe(`${stripe.baseUrl}/pay/${sessionId}`);
    const workspaceId = await userIdOf(browser);
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      mode: 'subscription',
      client_reference_id: workspaceId,
      metadata: { workspace_id: workspaceId, plan: 'pro', period: 'monthly' },
    });
    const [request] = stripe.requestsTo(STRIPE_ROUTES.createCheckoutSession).slice(-1);
    expect(decodeURIComponent(request!.body.toString())).toContain(`line_items[0][price]=${PRICES.pro.monthly}`);
    expect(deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['checkout.session.completed', 200],
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
    ]);

    expect(await planOf(browser)).toBe('pro');
    const { subscription } = await billingOf(browser);
    expect(subscription).toMatchObject({
      plan: 'pro',
      period: 'monthly',
      status: 'active',
      cancel_at_period_end: false,
    });
    const renewsIn = Date.parse(subscription!.renews_at!) - Date.now();
    expect(renewsIn).toBeGreaterThan(27 * 86_400_000);
    expect(renewsIn).toBeLessThan(32 * 86_400_000);

    // Paying again is Manage billing's business.
    const again = await browser.post('/api/billing/checkout', { plan: 'starter', period: 'yearly' });
    expect(again.status).toBe(409);
    expect((await readJson(again)).message).toBe(BILLING_MESSAGES.alreadySubscribed);
    const portal = await browser.post('/api/billing/portal');
    expect(portal.status).toBe(201);
    expect(((await readJson(portal)) as { url: string }).url).toMatch(new RegExp(`^${stripe.baseUrl}/portal/`));
  });

  it('applies each event once when Stripe sends it again, and the latest state when events come out of order', async () => {
    const { browser, deliveries, subscriptionId } = await subscribed('starter', 'yearly');
    const handled = async () => (await server.database.db.select().from(stripeEvent)).length;
    const before = await handled();

    const replayed = await stripe.resend(deliveries[0]!.event.id);
    expect(replayed.status).toBe(200);
    expect(await handled()).toBe(before);

    // The subscription ends; then an older "updated" event (the subscription still active in it) arrives late.
    const created = deliveries.find((delivery) => delivery.event.type === 'customer.subscription.created')!;
    expect((await stripe.cancel(subscriptionId)).map((delivery) => delivery.status)).toEqual([200]);
    const late = await stripe.sendEvent(stripe.makeEvent('customer.subscription.updated', created.event.data.object));
    expect(late.status).toBe(200);
    expect(await planOf(browser)).toBe('starter');
    expect((await billingOf(browser)).subscription).toMatchObject({ plan: 'starter', status: 'canceled' });
  });

  it('keeps a plan while Stripe retries a failed renewal, and ends it when the subscription ends', async () => {
    const { browser, subscriptionId } = await subscribed('pro', 'yearly');
    stripe.failNextPayment(subscriptionId);
    const failed = await stripe.renew(subscriptionId);
    expect(failed.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    expect(await planOf(browser)).toBe('pro');
    expect((await billingOf(browser)).subscription?.status).toBe('past_due');

    await stripe.cancel(subscriptionId);
    // Back to the server's default plan (Starter here).
    expect(await planOf(browser)).toBe('starter');
  });

  it('acknowledges an event about a workspace deleted since, so that Stripe does not send it for days', async () => {
    const { browser, subscriptionId } = await subscribed('pro', 'monthly');
    await server.database.db.delete(workspace).where(eq(workspace.id, await userIdOf(browser)));
    expect((await stripe.cancel(subscriptionId)).map((delivery) => delivery.status)).toEqual([200]);
  });

  it('refuses a forged or unsigned event with a 400, changing nothing', async () => {
    const { deliveries } = await subscribed('starter', 'monthly');
    const forged = await stripe.sendEvent(
      stripe.makeEvent('customer.subscription.deleted', deliveries[1]!.event.data.object),
      {
        secret: 'whsec_someone_else',
      },
    );
    expect(forged.status).toBe(400);
    const anonymous = createHttpClient(server.url);
    const unsigned = await anonymous.post('/api/billing/stripe/webhook', deliveries[0]!.event);
    expect(unsigned.status).toBe(400);
    expect((await readJson(unsigned)).message).toBe(BILLING_MESSAGES.badSignature);
  });

  it('lets only an Owner pay; every member sees the billing', async () => {
    const owner = await signUpVerifiedUser(server);
    const workspaceId = await userIdOf(owner.browser);
    const { browser: editor } = await signUpVerifiedUser(server);
    await server.database.db
      .insert(workspaceMember)
      .values({ workspaceId, userId: await userIdOf(editor), role: 'admin' });
    const inTeam = { [WORKSPACE_HEADER]: workspaceId };
    expect((await editor.post('/api/billing/checkout', { plan: 'pro', period: 'monthly' }, inTeam)).status).toBe(403);
    expect((await editor.get('/api/billing', inTeam)).status).toBe(200);
    const noCustomer = await owner.browser.post('/api/billing/portal');
    expect(noCustomer.status).toBe(409);
    expect((await readJson(noCustomer)).message).toBe(BILLING_MESSAGES.noCustomer);
    const badPlan = await owner.browser.post('/api/billing/checkout', { plan: 'enterprise', period: 'monthly' });
    expect(badPlan.status).toBe(400);
    expect((await readJson(badPlan)).message).toContain(BILLING_MESSAGES.planInvalid);
  });

  it('says so in a sentence when Stripe fails', async () => {
    const { browser } = await signUpVerifiedUser(server);
    // Past the client's own retries.
    stripe.failNext(STRIPE_ROUTES.createCheckoutSession, { status: 500, times: 3 });
    const failed = await browser.post('/api/billing/checkout', { plan: 'pro', period: 'monthly' });
    expect(failed.status).toBe(502);
    expect((await readJson(failed)).message).toMatch(/^Stripe could not be reached or refused the request: /);
  });
});
