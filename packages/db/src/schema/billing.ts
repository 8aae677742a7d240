import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaidPlanId } from '@agentcast/contracts/billing';
import type { BillingPeriod } from '@agentcast/contracts/plans';
import { workspace } from './workspaces.ts';

/**
 * A workspace's card billing with Stripe (issue 37): its customer, and its subscription as Stripe last said it is
 * (read back from Stripe on each event, so events that arrive twice or out of order leave the latest state).
 */
export const workspaceBilling = pgTable('workspace_billing', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspace.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  plan: text('plan').$type<PaidPlanId>(),
  period: text('period').$type<BillingPeriod>(),
  status: text('status'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WorkspaceBillingRow = typeof workspaceBilling.$inferSelect;

/** Each Stripe event handled, by its id: one Stripe sends again is acknowledged and not applied twice. */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
