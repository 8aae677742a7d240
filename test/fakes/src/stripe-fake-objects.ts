import { randomBytes } from 'node:crypto';
import type {
  StripeFakeCheckoutSession,
  StripeFakeCustomer,
  StripeFakePortalSession,
  StripeFakePrice,
  StripeFakePriceConfig,
  StripeFakeSubscription,
} from './stripe-fake-types.ts';

// New objects as Stripe answers them, every field the fake does not model at Stripe's default for it.

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DAY_SECONDS = 24 * 60 * 60;

/** An id as Stripe makes them: the kind's prefix (cus_, sub_, in_…), then letters and digits. */
export const stripeFakeId = (prefix: string, length = 24) =>
  prefix + [...randomBytes(length)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');

/** An amount in the currency's minor unit as a person reads it: 2000 usd → $20.00. */
export const formatAmount = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

export type StripeFakeLineItem = { price: StripeFakePrice; quantity: number };

/** A Checkout Session as the API layer checked it. */
export type CheckoutSessionInput = {
  customer: string | null;
  customerEmail: string | null;
  items: StripeFakeLineItem[];
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscription: { metadata: Record<string, string>; description: string | null };
};

export const newPrice = (config: StripeFakePriceConfig, product: string, created: number): StripeFakePrice => ({
  id: config.id,
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created,
  currency: config.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: null,
  metadata: {},
  nickname: null,
  product,
  recurring: {
    interval: config.recurring.interval,
    interval_count: 1,
    meter: null,
    trial_period_days: null,
    usage_type: 'licensed',
  },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: config.unit_amount,
  unit_amount_decimal: String(config.unit_amount),
});

export const newCustomer = (
  fields: {
    email?: string | null;
    name?: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Record<string, string>;
  },
  created: number,
): StripeFakeCustomer => ({
  id: stripeFakeId('cus_', 14),
  object: 'customer',
  balance: 0,
  created,
  currency: null,
  default_source: null,
  delinquent: false,
  description: fields.description ?? null,
  email: fields.email ?? null,
  // Its invoices are numbered PREFIX-0001, PREFIX-0002…
  invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: fields.metadata ?? {},
  name: fields.name ?? null,
  next_invoice_sequence: 1,
  phone: fields.phone ?? null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

/** An open session; its hosted page is `pageUrl`. */
export const newCheckoutSession = (
  input: CheckoutSessionInput,
  { id, created, pageUrl }: { id: string; created: number; pageUrl: string },
): StripeFakeCheckoutSession => {
  const amount = input.items.reduce((sum, { price, quantity }) => sum + (price.unit_amount ?? 0) * quantity, 0);
  return {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    created,
    currency: input.items[0]?.price.currency ?? null,
    customer: input.customer,
    // Subscription mode always ends with a customer: the one given, or one Checkout makes.
    customer_creation: input.customer ? null : 'always',
    customer_details: null,
    customer_email: input.customerEmail,
    expires_at: created + DAY_SECONDS,
    invoice: null,
    livemode: false,
    locale: null,
    metadata: input.metadata,
    mode: 'subscription',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    recovered_from: null,
    setup_intent: null,
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    // API 2026-03-25 renamed `hosted` to `hosted_page`.
    ui_mode: 'hosted_page',
    url: pageUrl,
  };
};

/** An active subscription whose first period, of the price's interval, ends at `periodEnd`. */
export const newSubscription = ({
  customer,
  items,
  start,
  periodEnd,
  metadata,
  description,
}: {
  customer: string;
  items: StripeFakeLineItem[];
  start: number;
  periodEnd: number;
  metadata: Record<string, string>;
  description: string | null;
}): StripeFakeSubscription => {
  const id = stripeFakeId('sub_');
  const data = items.map(({ price, quantity }) => ({
    id: stripeFakeId('si_', 14),
    object: 'subscription_item' as const,
    billing_thresholds: null,
    created: start,
    // Since API 2025-03-31 the period is the item's, no longer the subscription's.
    current_period_end: periodEnd,
    current_period_start: start,
    discounts: [],
    metadata: {},
    price,
    quantity,
    subscription: id,
    tax_rates: [],
  }));
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: items[0]?.price.currency ?? 'usd',
    customer,
    days_until_due: null,
    default_payment_method: null,
    description,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data,
      has_more: false,
      total_count: data.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata,
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: 'active',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
};

export const newPortalSession = ({
  id,
  customer,
  returnUrl,
  configuration,
  created,
  pageUrl,
}: {
  id: string;
  customer: string;
  returnUrl: string | null;
  configuration: string;
  created: number;
  pageUrl: string;
}): StripeFakePortalSession => ({
  id,
  object: 'billing_portal.session',
  configuration,
  created,
  customer,
  customer_account: null,
  flow: null,
  livemode: false,
  locale: null,
  on_behalf_of: null,
  return_url: returnUrl,
  url: pageUrl,
});
