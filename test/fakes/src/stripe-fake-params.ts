import { stripeError, unknownParam } from './stripe-fake-errors.ts';
import type { StripeParams } from './stripe-fake-form.ts';

const names = (list: string) => list.split(/\s+/).filter(Boolean);

/**
 * The parameters Stripe takes, per endpoint and nested hash, as the stripe package's types list them (API
 * 2026-10-28). A name outside them is refused as Stripe refuses it, so a misspelt parameter fails here as it would
 * there. One the fake does not model is accepted and changes nothing, unless it would change the answer (below).
 */
export const STRIPE_PARAMS = {
  retrieve: ['expand'],
  createCustomer: names(`address balance business_name cash_balance description email expand individual_name
    invoice_prefix invoice_settings metadata name next_invoice_sequence payment_method phone preferred_locales
    shipping source tax tax_exempt tax_id_data test_clock validate`),
  createCheckoutSession: names(`adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types
    automatic_tax billing_address_collection branding_settings cancel_url client_reference_id consent_collection
    currency custom_fields custom_text customer customer_account customer_creation customer_email customer_update
    discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items
    locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data
    payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions
    phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data
    shipping_address_collection shipping_options submit_type subscription_data success_url tax_id_collection
    ui_mode wallet_options`),
  checkoutLineItem: names('adjustable_quantity metadata price price_data quantity tax_rates'),
  checkoutSubscriptionData: names(`application_fee_percent billing_cycle_anchor billing_cycle_anchor_config
    billing_mode default_tax_rates description invoice_settings metadata on_behalf_of pending_invoice_item_interval
    proration_behavior transfer_data trial_end trial_period_days trial_settings`),
  createPortalSession: names(
    'after_expiration configuration customer customer_account expand flow_data locale on_behalf_of return_url',
  ),
  listInvoices: names(`collection_method created customer customer_account due_date ending_before expand limit
    starting_after status subscription`),
};

/**
 * Parameters Stripe takes whose effect the fake does not model and that would change its answer (an expanded
 * object instead of an id, a trial, a discount): refused, so that a test cannot pass on a request Stripe would
 * answer otherwise.
 */
const NOT_MODELLED = new Set([
  'expand',
  'discounts',
  'optional_items',
  'flow_data',
  'subscription_data[trial_end]',
  'subscription_data[trial_period_days]',
  'subscription_data[billing_cycle_anchor]',
]);

export const notModelled = (param: string) =>
  stripeError(400, {
    message: `The Stripe fake does not model ${param}; teach it in test/fakes/src/stripe-fake-endpoints.ts first.`,
    param,
  });

/** The refusal of the first parameter (in the hash at `prefix`) Stripe does not take or the fake does not model. */
export const refusedParam = (fields: StripeParams, allowed: string[], prefix = '') => {
  for (const name of Object.keys(fields)) {
    const param = prefix ? `${prefix}[${name}]` : name;
    if (!allowed.includes(name)) return unknownParam(param);
    if (NOT_MODELLED.has(param)) return notModelled(param);
  }
  return undefined;
};
