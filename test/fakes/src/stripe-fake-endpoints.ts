import type { FakeReply } from './platform-fake-kit.ts';
import { invalidParam, missingParam, noSuch } from './stripe-fake-errors.ts';
import { hashOf, listOf, metadataOf, textOf, type StripeParams } from './stripe-fake-form.ts';
import type { StripeFakeLineItem } from './stripe-fake-objects.ts';
import { notModelled, refusedParam, STRIPE_PARAMS } from './stripe-fake-params.ts';
import type { StripeFakeState } from './stripe-fake-state.ts';

/** A request that passed the key check: the path's parameters and the request's, parsed. */
export type StripeCall = { params: Record<string, string>; fields: StripeParams };
export type StripeEndpoint = { method: 'GET' | 'POST'; pattern: string; handle: (call: StripeCall) => FakeReply };

const ok = (json: unknown): FakeReply => ({ status: 200, json });

/** The refusal of the first of these URL parameters that is not a URL. */
const badUrl = (fields: StripeParams, ...params: string[]) => {
  for (const param of params) {
    const url = textOf(fields[param]);
    if (url && !URL.canParse(url)) return invalidParam(param, 'Not a valid URL');
  }
  return undefined;
};

/**
 * Stripe's endpoints as Agentcast's billing calls them: each checks its parameters in Stripe's order and words,
 * then reads or changes the fake's state. The key check and idempotency are the API fake's, around them.
 */
export const stripeEndpoints = (state: StripeFakeState): StripeEndpoint[] => {
  const retrieve =
    <T>(map: Map<string, T>, kind: string) =>
    ({ params, fields }: StripeCall) => {
      const found = map.get(params.id ?? '');
      return refusedParam(fields, STRIPE_PARAMS.retrieve) ?? (found ? ok(found) : noSuch(kind, params.id ?? ''));
    };

  const createCustomer = ({ fields }: StripeCall) =>
    refusedParam(fields, STRIPE_PARAMS.createCustomer) ??
    ok(
      state.createCustomer({
        email: textOf(fields.email) || null,
        name: textOf(fields.name) || null,
        description: textOf(fields.description) || null,
        phone: textOf(fields.phone) || null,
        metadata: metadataOf(fields.metadata),
      }),
    );

  const lineItemsOf = (fields: StripeParams): FakeReply | StripeFakeLineItem[] => {
    const entries = listOf(fields.line_items);
    if (entries.length === 0) return missingParam('line_items');
    const items: StripeFakeLineItem[] = [];
    for (const [index, entry] of entries.entries()) {
      const param = `line_items[${index}]`;
      const item = hashOf(entry);
      const refusal = refusedParam(item, STRIPE_PARAMS.checkoutLineItem, param);
      if (refusal) return refusal;
      // Only the prices the fake was started with exist: an inline price would be a new one.
      if (item.price_data !== undefined) return notModelled(`${param}[price_data]`);
      const priceId = textOf(item.price);
      if (!priceId) return missingParam(`${param}[price]`);
      const price = state.prices.get(priceId);
      if (!price) return noSuch('price', priceId, `${param}[price]`);
      const quantity = textOf(item.quantity);
      if (quantity === undefined) return missingParam(`${param}[quantity]`);
      if (!/^\d+$/.test(quantity)) return invalidParam(`${param}[quantity]`, `Invalid integer: ${quantity}`);
      if (Number(quantity) < 1)
        return invalidParam(`${param}[quantity]`, 'This value must be greater than or equal to 1.');
      items.push({ price, quantity: Number(quantity) });
    }
    if (new Set(items.map(({ price }) => price.recurring?.interval)).size > 1)
      return invalidParam('line_items', 'Checkout does not support multiple prices with different billing intervals.');
    return items;
  };

  const createCheckoutSession = ({ fields }: StripeCall): FakeReply => {
    const subscriptionData = hashOf(fields.subscription_data);
    const refusal =
      refusedParam(fields, STRIPE_PARAMS.createCheckoutSession) ??
      refusedParam(subscriptionData, STRIPE_PARAMS.checkoutSubscriptionData, 'subscription_data');
    if (refusal) return refusal;
    const mode = textOf(fields.mode);
    if (!mode) return missingParam('mode');
    if (!['payment', 'setup', 'subscription'].includes(mode))
      return invalidParam('mode', 'Invalid mode: must be one of payment, setup, or subscription');
    // The fake's prices are all recurring: it sells subscriptions only, on its hosted page.
    if (mode !== 'subscription') return notModelled(`mode=${mode}`);
    const uiMode = textOf(fields.ui_mode);
    if (uiMode && uiMode !== 'hosted_page') return notModelled(`ui_mode=${uiMode}`);
    const items = lineItemsOf(fields);
    if (!Array.isArray(items)) return items;
    const customer = textOf(fields.customer) || null;
    if (customer && !state.customers.has(customer)) return noSuch('customer', customer, 'customer');
    const customerEmail = textOf(fields.customer_email) || null;
    if (customer && customerEmail)
      return invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
    const badUrlRefusal = badUrl(fields, 'success_url', 'cancel_url');
    if (badUrlRefusal) return badUrlRefusal;
    return ok(
      state.createCheckoutSession({
        customer,
        customerEmail,
        items,
        successUrl: textOf(fields.success_url) || null,
        cancelUrl: textOf(fields.cancel_url) || null,
        clientReferenceId: textOf(fields.client_reference_id) || null,
        metadata: metadataOf(fields.metadata),
        subscription: {
          metadata: metadataOf(subscriptionData.metadata),
          description: textOf(subscriptionData.description) || null,
        },
      }),
    );
  };

  const createPortalSession = ({ fields }: StripeCall): FakeReply => {
    const refusal = refusedParam(fields, STRIPE_PARAMS.createPortalSession);
    if (refusal) return refusal;
    const customer = textOf(fields.customer);
    if (!customer) return missingParam('customer');
    if (!state.customers.has(customer)) return noSuch('customer', customer, 'customer');
    return (
      badUrl(fields, 'return_url') ??
      ok(state.createPortalSession({ customer, returnUrl: textOf(fields.return_url) || null }))
    );
  };

  const listInvoices = ({ fields }: StripeCall): FakeReply => {
    const refusal = refusedParam(fields, STRIPE_PARAMS.listInvoices);
    if (refusal) return refusal;
    const limitText = textOf(fields.limit) ?? '10';
    if (!/^\d+$/.test(limitText)) return invalidParam('limit', `Invalid integer: ${limitText}`);
    const limit = Number(limitText);
    if (limit < 1) return invalidParam('limit', 'This value must be greater than or equal to 1.');
    if (limit > 100) return invalidParam('limit', 'This value must be less than or equal to 100.');
    const customer = textOf(fields.customer);
    if (customer && !state.customers.has(customer)) return noSuch('customer', customer, 'customer');
    const all = state.listInvoices({
      customer,
      subscription: textOf(fields.subscription),
      status: textOf(fields.status),
    });
    // Newest first: starting_after pages on to older invoices, ending_before back to newer ones.
    const startingAfter = textOf(fields.starting_after);
    const endingBefore = textOf(fields.ending_before);
    const cursor = startingAfter ?? endingBefore;
    const at = cursor === undefined ? -1 : all.findIndex((invoice) => invoice.id === cursor);
    if (cursor !== undefined && at < 0)
      return noSuch('invoice', cursor, startingAfter ? 'starting_after' : 'ending_before');
    const from = endingBefore ? Math.max(0, at - limit) : at + 1;
    const to = endingBefore ? at : from + limit;
    const hasMore = endingBefore ? from > 0 : to < all.length;
    return ok({ object: 'list', data: all.slice(from, to), has_more: hasMore, url: '/v1/invoices' });
  };

  return [
    { method: 'POST', pattern: '/v1/customers', handle: createCustomer },
    { method: 'GET', pattern: '/v1/customers/:id', handle: retrieve(state.customers, 'customer') },
    { method: 'POST', pattern: '/v1/checkout/sessions', handle: createCheckoutSession },
    { method: 'GET', pattern: '/v1/checkout/sessions/:id', handle: retrieve(state.sessions, 'checkout.session') },
    { method: 'POST', pattern: '/v1/billing_portal/sessions', handle: createPortalSession },
    { method: 'GET', pattern: '/v1/subscriptions/:id', handle: retrieve(state.subscriptions, 'subscription') },
    { method: 'GET', pattern: '/v1/invoices', handle: listInvoices },
    { method: 'GET', pattern: '/v1/invoices/:id', handle: retrieve(state.invoices, 'invoice') },
  ];
};
