import { eq } from 'drizzle-orm';
import { PAID_PLAN_IDS, type PaidPlanId } from '@agentcast/contracts/billing';
import { BILLING_PERIODS, type BillingPeriod } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { workspaceBilling } from '@agentcast/db/schema/billing';
import { userPlan } from '@agentcast/db/schema/plans';
import { workspace } from '@agentcast/db/schema/workspaces';
import type { Stripe, StripeSettings } from '../../integrations/billing/stripe-client.ts';
import { respreadAccountSchedules } from '../schedules/respread-account-schedules.ts';
import { PLAN_GIVING_STATUSES } from './billing-status.ts';
import type { BillingServices } from './billing-services.ts';

/** The plan and period a price was configured for (STRIPE_PRICE_*), or null for a price this server does not sell. */
const planOfPrice = (prices: StripeSettings['prices'], priceId: string | undefined) => {
  for (const plan of PAID_PLAN_IDS)
    for (const period of BILLING_PERIODS)
      if (prices[plan][period] === priceId) return { plan: plan as PaidPlanId, period: period as BillingPeriod };
  return null;
};

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * Writes a subscription as Stripe says it is now into the workspace's billing, and its plan into the workspace's
 * plan: the plan applies while the subscription is active (or retried as past_due); once it ends, the workspace goes
 * back to the server's default plan. The plan's posts a day may have changed, so the schedules are spread anew.
 * Called in the transaction that records the event.
 */
export const applySubscription = async (
  tx: Database,
  services: Pick<BillingServices, 'settings' | 'defaultPlan' | 'logger'>,
  { subscription, workspaceHint }: { subscription: Stripe.Subscription; workspaceHint?: string | null },
) => {
  const customerId = idOf(subscription.customer);
  const [byCustomer] = await tx
    .select({ workspaceId: workspaceBilling.workspaceId, subscriptionId: workspaceBilling.stripeSubscriptionId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.stripeCustomerId, customerId));
  const workspaceId = byCustomer?.workspaceId ?? subscription.metadata.workspace_id ?? workspaceHint;
  // A workspace deleted since (its billing went with it): the event is acknowledged, or Stripe would send it for days.
  const isKnown =
    byCustomer !== undefined ||
    (workspaceId !== undefined &&
      workspaceId !== null &&
      (await tx.select({ id: workspace.id }).from(workspace).where(eq(workspace.id, workspaceId))).length > 0);
  if (!workspaceId || !isKnown) {
    services.logger.warn({ subscriptionId: subscription.id, customerId }, 'A Stripe subscription of no workspace');
    return;
  }
  // A subscription that replaced this one may not be undone by a late event about the old one.
  if (byCustomer?.subscriptionId && byCustomer.subscriptionId !== subscription.id && subscription.status === 'canceled')
    return;
  const [item] = subscription.items.data;
  const bought = planOfPrice(services.settings.prices, item?.price.id);
  if (!bought) {
    services.logger.warn(
      { subscriptionId: subscription.id, price: item?.price.id },
      'A Stripe price this server does not sell',
    );
    return;
  }
  const state = {
    stripeSubscriptionId: subscription.id,
    plan: bought.plan,
    period: bought.period,
    status: subscription.status,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    updatedAt: new Date(),
  };
  await tx
    .insert(workspaceBilling)
    .values({ workspaceId, stripeCustomerId: customerId, ...state })
    .onConflictDoUpdate({ target: workspaceBilling.workspaceId, set: state });
  if (PLAN_GIVING_STATUSES.includes(subscription.status)) {
    await tx
      .insert(userPlan)
      .values({ workspaceId, plan: bought.plan })
      .onConflictDoUpdate({ target: userPlan.workspaceId, set: { plan: bought.plan, updatedAt: new Date() } });
  } else {
    await tx.delete(userPlan).where(eq(userPlan.workspaceId, workspaceId));
  }
  await respreadAccountSchedules(tx, { workspaceId, defaultPlan: services.defaultPlan });
};
