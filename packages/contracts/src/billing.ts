import { z } from 'zod';
import { BILLING_PERIODS } from './plans.ts';

/** The plans that can be bought (issue 37); Enterprise is "Contact us", set by an operator. */
export const PAID_PLAN_IDS = ['starter', 'pro'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** A workspace's card subscription as Stripe last said it is; null before the first payment. */
export const subscriptionSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS),
  period: z.enum(BILLING_PERIODS),
  /** Stripe's subscription status: active, past_due, canceled, … */
  status: z.string(),
  /** When the paid period ends: renewed then unless cancelled. */
  renews_at: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const billingStatusSchema = z.object({
  /** Billing is off unless the server's operator configured it: plans are then set with `npm run plan`. */
  enabled: z.boolean(),
  subscription: subscriptionSchema.nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

export const BILLING_MESSAGES = {
  off: 'Billing is off on this server: its operator sets the plans (npm run plan).',
  planInvalid: 'Choose Starter or Pro; Enterprise is arranged with us by e-mail.',
  periodInvalid: 'Choose monthly or yearly.',
  alreadySubscribed: 'This workspace already pays for a plan: change or cancel it in Manage billing.',
  noCustomer: 'This workspace has no billing account yet: choose a plan first.',
  badSignature: 'The Stripe signature of this event does not match: it was not sent by Stripe for this server.',
  stripeFailed: (reason: string) => `Stripe could not be reached or refused the request: ${reason}`,
} as const;

export const checkoutInputSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, { error: BILLING_MESSAGES.planInvalid }),
  period: z.enum(BILLING_PERIODS, { error: BILLING_MESSAGES.periodInvalid }),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** Where the browser goes next: Stripe's hosted Checkout or customer portal. */
export const redirectSchema = z.object({ url: z.string() });
