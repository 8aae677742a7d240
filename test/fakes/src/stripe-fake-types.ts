import type Stripe from 'stripe';

// The objects the fake answers, each a selection of the installed stripe package's own type (API 2026-10-28): the
// compiler holds every field the fake writes to Stripe's name and type. Fields the fake does not model are left out
// rather than invented.

/** Stripe's list envelope (`items`, `lines`, `GET /v1/invoices`). */
export type StripeFakeList<T> = { object: 'list'; data: T[]; has_more: boolean; url: string; total_count?: number };

/** Stripe writes decimal amounts as text ("2000"); the package's Decimal type is its parsed form. */
type DecimalText = { unit_amount_decimal: string };

export type StripeFakeCustomer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'currency'
  | 'default_source'
  | 'delinquent'
  | 'description'
  | 'email'
  | 'invoice_prefix'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'next_invoice_sequence'
  | 'phone'
  | 'preferred_locales'
  | 'shipping'
  | 'tax_exempt'
  | 'test_clock'
>;

export type StripeFakePrice = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'custom_unit_amount'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'recurring'
  | 'tax_behavior'
  | 'tiers_mode'
  | 'transform_quantity'
  | 'type'
  | 'unit_amount'
> &
  DecimalText & { product: string };

export type StripeFakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'billing_thresholds'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'quantity'
  | 'subscription'
  | 'tax_rates'
> & { price: StripeFakePrice };

export type StripeFakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'days_until_due'
  | 'default_payment_method'
  | 'description'
  | 'discounts'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'pause_collection'
  | 'pending_update'
  | 'schedule'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start'
> & { customer: string; items: StripeFakeList<StripeFakeSubscriptionItem>; latest_invoice: string | null };

export type StripeFakeInvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  | 'id'
  | 'object'
  | 'amount'
  | 'currency'
  | 'description'
  | 'discount_amounts'
  | 'discountable'
  | 'discounts'
  | 'livemode'
  | 'metadata'
  | 'parent'
  | 'period'
  | 'pretax_credit_amounts'
  | 'quantity'
  | 'subtotal'
  | 'taxes'
> & {
  invoice: string;
  subscription: string;
  pricing: { type: 'price_details'; price_details: { price: string; product: string } } & DecimalText;
};

/** Since API 2025-03-31 an invoice names its subscription in `parent.subscription_details`, no longer at the top. */
export type StripeFakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'account_country'
  | 'account_name'
  | 'amount_due'
  | 'amount_overpaid'
  | 'amount_paid'
  | 'amount_remaining'
  | 'amount_shipping'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'customer_name'
  | 'description'
  | 'due_date'
  | 'effective_at'
  | 'ending_balance'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'period_end'
  | 'period_start'
  | 'starting_balance'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
  | 'webhooks_delivered_at'
> & {
  customer: string;
  lines: StripeFakeList<StripeFakeInvoiceLine>;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: SubscriptionDetails };
};
type SubscriptionDetails = { metadata: Record<string, string> | null; subscription: string };

export type StripeFakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'after_expiration'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'billing_address_collection'
  | 'cancel_url'
  | 'client_reference_id'
  | 'client_secret'
  | 'created'
  | 'currency'
  | 'customer_creation'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_link'
  | 'payment_method_collection'
  | 'payment_method_types'
  | 'payment_status'
  | 'recovered_from'
  | 'setup_intent'
  | 'status'
  | 'submit_type'
  | 'success_url'
  | 'total_details'
  | 'ui_mode'
  | 'url'
> & { customer: string | null; invoice: string | null; subscription: string | null };

export type StripeFakePortalSession = Pick<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'created'
  | 'customer'
  | 'customer_account'
  | 'flow'
  | 'livemode'
  | 'locale'
  | 'on_behalf_of'
  | 'return_url'
  | 'url'
> & { configuration: string };

/** What an event can be about. */
export type StripeFakeObject =
  StripeFakeCustomer | StripeFakeCheckoutSession | StripeFakeSubscription | StripeFakeInvoice | StripeFakePortalSession;

export type StripeFakeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  /** The object as it was when the event happened; for `*.updated`, the fields it changed as they were before. */
  data: { object: StripeFakeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** One POST of an event to the webhook URL (a resend is another delivery of the same event). */
export type StripeFakeDelivery = {
  event: StripeFakeEvent;
  /** The body exactly as sent, which the signature covers. */
  payload: string;
  signature: string;
  /** What the receiver answered; null when nothing did (no webhook URL, refused, timed out). */
  status: number | null;
  error?: string;
  sentAt: Date;
};

/** A price as the fake is started with: a recurring price of a product, as the Dashboard makes them. */
export type StripeFakePriceConfig = {
  id: string;
  product: { name: string; id?: string };
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year' };
};
