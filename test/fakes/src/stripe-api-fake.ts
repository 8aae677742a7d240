import Stripe from 'stripe';
import { startPathRouter } from './path-router.ts';
import {
  startPlatformFakeServer,
  type FailOptions,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
} from './platform-fake-kit.ts';
import { invalidApiKey, noApiKey, scriptedError, unrecognizedUrl } from './stripe-fake-errors.ts';
import { stripeEndpoints } from './stripe-fake-endpoints.ts';
import { createStripeFakeEvents } from './stripe-fake-events.ts';
import { parseStripeParams } from './stripe-fake-form.ts';
import { HOSTED_PAGE_PREFIXES, startStripeHostedPages } from './stripe-fake-hosted-pages.ts';
import { createStripeIdempotency } from './stripe-fake-idempotency.ts';
import { stripeFakeId } from './stripe-fake-objects.ts';
import { createStripeFakeState } from './stripe-fake-state.ts';
import type {
  StripeFakeCheckoutSession,
  StripeFakeCustomer,
  StripeFakeDelivery,
  StripeFakeEvent,
  StripeFakeInvoice,
  StripeFakeObject,
  StripeFakePortalSession,
  StripeFakePrice,
  StripeFakePriceConfig,
  StripeFakeSubscription,
} from './stripe-fake-types.ts';

export type * from './stripe-fake-types.ts';

export const STRIPE_ROUTES = {
  createCustomer: 'POST /v1/customers',
  customer: 'GET /v1/customers/:id',
  createCheckoutSession: 'POST /v1/checkout/sessions',
  checkoutSession: 'GET /v1/checkout/sessions/:id',
  createPortalSession: 'POST /v1/billing_portal/sessions',
  subscription: 'GET /v1/subscriptions/:id',
  invoices: 'GET /v1/invoices',
  invoice: 'GET /v1/invoices/:id',
};

export type StripeApiFakeOptions = {
  /** The `sk_test_…` key the client must send. */
  secretKey: string;
  /** The `whsec_…` secret events are signed with (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** The recurring prices the account sells. */
  prices: StripeFakePriceConfig[];
  /** Where events are POSTed; without one they are kept unsent until setWebhookUrl. */
  webhookUrl?: string;
  /** The fake's clock: objects' times and billing periods (real time by default). */
  now?: () => Date;
};

export type StripeApiFake = {
  /** For STRIPE_API_BASE_URL: the API and the hosted pages (Checkout, portal, invoices) at one address. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests of one route, e.g. STRIPE_ROUTES.createCheckoutSession. */
  requestsTo: (route: string) => RecordedRequest[];
  prices: Map<string, StripeFakePrice>;
  customers: Map<string, StripeFakeCustomer>;
  sessions: Map<string, StripeFakeCheckoutSession>;
  subscriptions: Map<string, StripeFakeSubscription>;
  invoices: Map<string, StripeFakeInvoice>;
  portalSessions: Map<string, StripeFakePortalSession>;
  /** Every event delivery so far, in order, with what the receiver answered (a resend is one more). */
  events: StripeFakeDelivery[];
  /** Where events go from now on; undefined keeps them unsent (to send later with resend, in any order). */
  setWebhookUrl: (url: string | undefined) => void;
  /** The hosted page's Pay button: the subscription starts, its first invoice is paid, and three events go out. */
  completeCheckout: (sessionId: string) => Promise<StripeFakeDelivery[]>;
  /** The subscription's next renewal fails: an open invoice, past_due. */
  failNextPayment: (subscriptionId: string) => void;
  /** The next period: `invoice.paid` (or `invoice.payment_failed`) and `customer.subscription.updated`. */
  renew: (subscriptionId: string) => Promise<StripeFakeDelivery[]>;
  /** Ends the subscription now: `customer.subscription.deleted`. */
  cancel: (subscriptionId: string) => Promise<StripeFakeDelivery[]>;
  /** An event about the object as it is now, not sent: for a hand-made delivery with sendEvent. */
  makeEvent: (type: string, object: StripeFakeObject, previousAttributes?: Record<string, unknown>) => StripeFakeEvent;
  /** Sends any event, freshly signed (with `secret` instead of the webhook secret, for a forged one). */
  sendEvent: (event: StripeFakeEvent, options?: { secret?: string }) => Promise<StripeFakeDelivery>;
  /** Sends an event already made again, freshly signed, as Stripe's retries and "Resend" do. */
  resend: (eventId: string) => Promise<StripeFakeDelivery>;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
};

/** `Authorization: Bearer sk_…` as stripe-node sends it, or Basic with the key as the user name, as curl -u does. */
const keyOf = (authorization: string | undefined) => {
  const [scheme = '', value = ''] = (authorization ?? '').trim().split(/\s+/);
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
};

/**
 * Stripe's API as Agentcast's billing uses it, on loopback, for the real `stripe` client pointed at `baseUrl`
 * (host, port, protocol http): customers, Checkout Sessions in subscription mode, customer portal sessions,
 * subscriptions and invoices, with Stripe's form-encoded parameters, its error answers (401 for a wrong key,
 * resource_missing, unknown parameters) and its idempotency keys. The hosted Checkout page, the portal and invoice
 * pages are served at the same address, and what happens on them is sent to the webhook URL as signed events.
 * Renewals, failed payments and cancellations are the tests' to trigger, on the fake's clock.
 */
export const startStripeApiFake = async ({
  secretKey,
  webhookSecret,
  prices,
  webhookUrl,
  now = () => new Date(),
}: StripeApiFakeOptions): Promise<StripeApiFake> => {
  let baseUrl = '';
  const state = createStripeFakeState({ prices, now, pageUrl: (path) => `${baseUrl}${path}` });
  const events = createStripeFakeEvents({ webhookSecret, webhookUrl, now });
  const completeCheckout = (sessionId: string) => events.publish(state.completeCheckout(sessionId));
  const renew = (subscriptionId: string) => events.publish(state.renew(subscriptionId));
  const cancel = (subscriptionId: string) => events.publish(state.cancel(subscriptionId));

  const idempotent = createStripeIdempotency(now);

  /** Stripe checks the key before anything else, an unknown URL included. */
  const keyRefusal = (request: RecordedRequest) => {
    const key = keyOf(request.headers.authorization);
    if (!key) return noApiKey();
    return key === secretKey ? undefined : invalidApiKey(key);
  };
  const routes: Route[] = stripeEndpoints(state).map(({ method, pattern, handle }) => ({
    method,
    pattern,
    handle: ({ request, params }) => {
      const refusal = keyRefusal(request);
      if (refusal) return refusal;
      // stripe-node sends a GET's parameters in the query string, a POST's in the body, in the same notation.
      const encoded = method === 'GET' ? new URL(request.url, 'http://fake').search.slice(1) : request.body.toString();
      const call = { params, fields: parseStripeParams(encoded) };
      return method === 'POST' ? idempotent(request, () => handle(call)) : handle(call);
    },
  }));

  const server = await startPlatformFakeServer({
    routes,
    notFound: (request) => keyRefusal(request) ?? unrecognizedUrl(request.method, request.path),
    errorReply: (status) => scriptedError(status),
    commonHeaders: () => ({ 'request-id': stripeFakeId('req_', 14), 'stripe-version': Stripe.API_VERSION }),
  });
  const pages = await startStripeHostedPages({
    state,
    pay: async (sessionId) => void (await completeCheckout(sessionId)),
    cancel: async (subscriptionId) => void (await cancel(subscriptionId)),
  });
  // One address for the API and the pages, as a session's `url` must be reachable wherever the API is.
  const router = await startPathRouter([{ prefixes: HOSTED_PAGE_PREFIXES, target: pages.baseUrl }], server.baseUrl);
  baseUrl = router.baseUrl;

  return {
    baseUrl,
    requests: server.requests,
    requestsTo: server.requestsTo,
    prices: state.prices,
    customers: state.customers,
    sessions: state.sessions,
    subscriptions: state.subscriptions,
    invoices: state.invoices,
    portalSessions: state.portalSessions,
    events: events.deliveries,
    setWebhookUrl: events.setWebhookUrl,
    completeCheckout,
    failNextPayment: state.failNextPayment,
    renew,
    cancel,
    makeEvent: (type, object, previousAttributes) =>
      events.build({ type, object: structuredClone(object), previous_attributes: previousAttributes }),
    sendEvent: events.send,
    resend: events.resend,
    failNext: server.failNext,
    hangNext: server.hangNext,
    dropNext: server.dropNext,
    close: async () => {
      await router.close();
      await pages.close();
      await server.close();
      await events.settled();
    },
  };
};
