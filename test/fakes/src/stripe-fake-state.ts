import { newInvoice } from './stripe-fake-invoices.ts';
import {
  newCheckoutSession,
  newCustomer,
  newPortalSession,
  newPrice,
  newSubscription,
  stripeFakeId,
  type CheckoutSessionInput,
} from './stripe-fake-objects.ts';
import type {
  StripeFakeCheckoutSession,
  StripeFakeCustomer,
  StripeFakeInvoice,
  StripeFakeObject,
  StripeFakePortalSession,
  StripeFakePrice,
  StripeFakePriceConfig,
  StripeFakeSubscription,
} from './stripe-fake-types.ts';

/**
 * The end of the `count`th period after the anchor, as Stripe bills: on the anchor's day of the month, or on the
 * month's last day when it is shorter (Jan 31 → Feb 28 → Mar 31), at the anchor's time of day.
 */
const periodEnd = (anchorSeconds: number, interval: 'month' | 'year', count: number) => {
  const anchor = new Date(anchorSeconds * 1000);
  const months = anchor.getUTCMonth() + (interval === 'year' ? 12 : 1) * count;
  const lastDay = new Date(Date.UTC(anchor.getUTCFullYear(), months + 1, 0)).getUTCDate();
  const end = Date.UTC(
    anchor.getUTCFullYear(),
    months,
    Math.min(anchor.getUTCDate(), lastDay),
    anchor.getUTCHours(),
    anchor.getUTCMinutes(),
    anchor.getUTCSeconds(),
  );
  return end / 1000;
};

/** The top-level fields that changed, as they were: an `*.updated` event's `previous_attributes`. */
const changedFields = (before: object, after: object) =>
  Object.fromEntries(
    Object.entries(before).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify((after as Record<string, unknown>)[key]),
    ),
  );

/** An event still to be numbered and sent; its object is a copy taken when it happened. */
export type StripeFakeEventDraft = {
  type: string;
  object: StripeFakeObject;
  previous_attributes?: Record<string, unknown>;
};
const draft = (type: string, object: StripeFakeObject, previous?: Record<string, unknown>): StripeFakeEventDraft => ({
  type,
  object: structuredClone(object),
  ...(previous && { previous_attributes: previous }),
});

/** What a session will buy, which its object does not show (Stripe keeps line items behind an expansion). */
type Purchase = Pick<CheckoutSessionInput, 'items' | 'subscription'>;
/** How a subscription renews, beside its object. */
type Renewal = { interval: 'month' | 'year'; periodsBilled: number; failNextPayment: boolean };

/**
 * What the fake Stripe account holds, in memory, and how it changes: customers, Checkout Sessions that become
 * subscriptions with a paid first invoice, renewals (paid, or failed into past_due), cancellations and portal
 * sessions. Each change answers the events Stripe would send about it, in Stripe's order; sending them is
 * stripe-fake-events' work. Times come from the fake's clock.
 */
export const createStripeFakeState = ({
  prices: configured,
  now,
  pageUrl,
}: {
  prices: StripeFakePriceConfig[];
  now: () => Date;
  /** The address of one of the fake's hosted pages (known once the fake listens). */
  pageUrl: (path: string) => string;
}) => {
  const seconds = () => Math.floor(now().getTime() / 1000);
  const productNames = new Map<string, string>();
  const prices = new Map<string, StripeFakePrice>();
  for (const config of configured) {
    const product = config.product.id ?? stripeFakeId('prod_', 14);
    productNames.set(product, config.product.name);
    prices.set(config.id, newPrice(config, product, seconds()));
  }
  const customers = new Map<string, StripeFakeCustomer>();
  const sessions = new Map<string, StripeFakeCheckoutSession>();
  const subscriptions = new Map<string, StripeFakeSubscription>();
  const invoices = new Map<string, StripeFakeInvoice>();
  const portalSessions = new Map<string, StripeFakePortalSession>();
  const purchases = new Map<string, Purchase>();
  const renewals = new Map<string, Renewal>();
  const portalConfiguration = stripeFakeId('bpc_');

  const found = <T>(map: Map<string, T>, id: string, kind: string) => {
    const value = map.get(id);
    if (!value) throw new Error(`The Stripe fake has no ${kind} ${id}.`);
    return value;
  };
  const productName = (price: StripeFakePrice) => productNames.get(price.product) ?? price.product;
  const intervalOf = (price: StripeFakePrice) => (price.recurring?.interval === 'year' ? 'year' : 'month');
  const liveSubscription = (subscriptionId: string) => {
    const subscription = found(subscriptions, subscriptionId, 'subscription');
    if (subscription.status === 'canceled') throw new Error(`Subscription ${subscriptionId} is canceled.`);
    return subscription;
  };

  const createCustomer = (fields: Parameters<typeof newCustomer>[0]) => {
    const customer = newCustomer(fields, seconds());
    customers.set(customer.id, customer);
    return customer;
  };

  const invoice = (
    subscription: StripeFakeSubscription,
    charge: {
      reason: 'subscription_create' | 'subscription_cycle';
      paid: boolean;
      lookBack: { start: number; end: number };
    },
  ) => {
    const made = newInvoice({
      subscription,
      customer: found(customers, subscription.customer, 'customer'),
      ...charge,
      created: seconds(),
      productName: (item) => productName(item.price),
      pageUrl: (id) => pageUrl(`/invoice/${id}`),
    });
    invoices.set(made.id, made);
    subscription.latest_invoice = made.id;
    return made;
  };

  /** The Pay button: the subscription starts now for one period, its first invoice is paid, the session completes. */
  const completeCheckout = (sessionId: string) => {
    const session = found(sessions, sessionId, 'Checkout Session');
    const purchase = found(purchases, sessionId, 'Checkout Session');
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open.`);
    const firstPrice = purchase.items[0]?.price;
    if (!firstPrice) throw new Error(`Checkout Session ${sessionId} buys nothing.`);
    const customer = session.customer
      ? found(customers, session.customer, 'customer')
      : createCustomer({ email: session.customer_email });
    const start = seconds();
    const subscription = newSubscription({
      customer: customer.id,
      items: purchase.items,
      start,
      periodEnd: periodEnd(start, intervalOf(firstPrice), 1),
      ...purchase.subscription,
    });
    subscriptions.set(subscription.id, subscription);
    renewals.set(subscription.id, { interval: intervalOf(firstPrice), periodsBilled: 1, failNextPayment: false });
    const first = invoice(subscription, { reason: 'subscription_create', paid: true, lookBack: { start, end: start } });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      customer_details: {
        address: null,
        business_name: null,
        email: customer.email,
        individual_name: null,
        name: customer.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      subscription: subscription.id,
      invoice: first.id,
      // A finished session's page is gone.
      url: null,
    } satisfies Partial<StripeFakeCheckoutSession>);
    return [
      draft('checkout.session.completed', session),
      draft('customer.subscription.created', subscription),
      draft('invoice.paid', first),
    ];
  };

  /**
   * The next period begins where the last ended and is charged: a paid invoice, or (after failNextPayment) an open
   * one and a past_due subscription. Stripe moves the period on either way.
   */
  const renew = (subscriptionId: string) => {
    const subscription = liveSubscription(subscriptionId);
    const renewal = found(renewals, subscriptionId, 'subscription');
    const before = structuredClone(subscription);
    const [item] = subscription.items.data;
    const lookBack = { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 };
    renewal.periodsBilled += 1;
    for (const each of subscription.items.data) {
      each.current_period_start = each.current_period_end;
      each.current_period_end = periodEnd(subscription.billing_cycle_anchor, renewal.interval, renewal.periodsBilled);
    }
    const paid = !renewal.failNextPayment;
    renewal.failNextPayment = false;
    const charged = invoice(subscription, { reason: 'subscription_cycle', paid, lookBack });
    subscription.status = paid ? 'active' : 'past_due';
    return [
      draft(paid ? 'invoice.paid' : 'invoice.payment_failed', charged),
      draft('customer.subscription.updated', subscription, changedFields(before, subscription)),
    ];
  };

  /** Ends the subscription at once (the portal's button, for the tests: Stripe's portal may wait for the period end). */
  const cancel = (subscriptionId: string) => {
    const subscription = liveSubscription(subscriptionId);
    const at = seconds();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: at,
      ended_at: at,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' },
    } satisfies Partial<StripeFakeSubscription>);
    return [draft('customer.subscription.deleted', subscription)];
  };

  return {
    prices,
    customers,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    productName,
    /** What a Checkout Session buys. */
    purchaseOf: (sessionId: string) => found(purchases, sessionId, 'Checkout Session'),
    createCustomer,
    createCheckoutSession: (input: CheckoutSessionInput) => {
      const id = stripeFakeId('cs_test_', 58);
      const session = newCheckoutSession(input, { id, created: seconds(), pageUrl: pageUrl(`/pay/${id}`) });
      sessions.set(id, session);
      purchases.set(id, { items: input.items, subscription: input.subscription });
      return session;
    },
    completeCheckout,
    renew,
    cancel,
    failNextPayment: (subscriptionId: string) => {
      liveSubscription(subscriptionId);
      found(renewals, subscriptionId, 'subscription').failNextPayment = true;
    },
    createPortalSession: ({ customer, returnUrl }: { customer: string; returnUrl: string | null }) => {
      const id = stripeFakeId('bps_');
      const session = newPortalSession({
        id,
        customer,
        returnUrl,
        configuration: portalConfiguration,
        created: seconds(),
        pageUrl: pageUrl(`/portal/${id}`),
      });
      portalSessions.set(id, session);
      return session;
    },
    /** Newest first, as Stripe lists. */
    listInvoices: (filter: { customer?: string; subscription?: string; status?: string }) =>
      [...invoices.values()]
        .reverse()
        .filter(
          (candidate) =>
            (!filter.customer || candidate.customer === filter.customer) &&
            (!filter.subscription || candidate.parent.subscription_details.subscription === filter.subscription) &&
            (!filter.status || candidate.status === filter.status),
        ),
  };
};

export type StripeFakeState = ReturnType<typeof createStripeFakeState>;
