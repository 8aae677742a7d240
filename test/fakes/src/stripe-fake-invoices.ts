import { formatAmount, stripeFakeId } from './stripe-fake-objects.ts';
import type {
  StripeFakeCustomer,
  StripeFakeInvoice,
  StripeFakeInvoiceLine,
  StripeFakeSubscription,
  StripeFakeSubscriptionItem,
} from './stripe-fake-types.ts';

const DAY_SECONDS = 24 * 60 * 60;

const invoiceLine = (
  item: StripeFakeSubscriptionItem,
  { invoice, subscription, productName }: { invoice: string; subscription: string; productName: string },
): StripeFakeInvoiceLine => {
  const quantity = item.quantity ?? 1;
  const amount = (item.price.unit_amount ?? 0) * quantity;
  const each = formatAmount(item.price.unit_amount ?? 0, item.price.currency);
  return {
    id: stripeFakeId('il_'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${quantity} × ${productName} (at ${each} / ${item.price.recurring?.interval ?? 'month'})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription,
        subscription_item: item.id,
      },
    },
    // The line bills the item's current period.
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity,
    subscription,
    subtotal: amount,
    taxes: [],
  };
};

/**
 * The subscription's invoice for its current period, finalized and charged at once: paid, or left open by a failed
 * charge (with the retry Stripe schedules). The invoice's own period looks back, as Stripe's does for a
 * subscription: the period that just ended (an instant for the first invoice); its lines carry the period billed.
 * Numbered with the customer's prefix and next sequence number.
 */
export const newInvoice = ({
  subscription,
  customer,
  reason,
  paid,
  lookBack,
  created,
  productName,
  pageUrl,
}: {
  subscription: StripeFakeSubscription;
  customer: StripeFakeCustomer;
  reason: 'subscription_create' | 'subscription_cycle';
  paid: boolean;
  lookBack: { start: number; end: number };
  created: number;
  productName: (item: StripeFakeSubscriptionItem) => string;
  /** The hosted invoice page of an invoice id. */
  pageUrl: (id: string) => string;
}): StripeFakeInvoice => {
  const id = stripeFakeId('in_');
  const lines = subscription.items.data.map((item) =>
    invoiceLine(item, { invoice: id, subscription: subscription.id, productName: productName(item) }),
  );
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    description: null,
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    hosted_invoice_url: pageUrl(id),
    invoice_pdf: null,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    // Smart Retries try a failed charge again some days later.
    next_payment_attempt: paid ? null : created + 3 * DAY_SECONDS,
    number: `${customer.invoice_prefix ?? 'FAKE'}-${String(sequence).padStart(4, '0')}`,
    // Since API 2025-03-31 the subscription is named here rather than in a top-level `subscription`.
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_end: lookBack.end,
    period_start: lookBack.start,
    starting_balance: 0,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: paid ? created : null,
      voided_at: null,
    },
    subtotal: total,
    total,
    webhooks_delivered_at: created,
  };
};
