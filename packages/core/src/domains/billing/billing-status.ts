import { eq } from 'drizzle-orm';
import type { BillingStatus } from '@agentcast/contracts/billing';
import type { Database } from '@agentcast/db/client';
import { workspaceBilling, type WorkspaceBillingRow } from '@agentcast/db/schema/billing';

/** Stripe's statuses under which the subscription's plan applies (a failed renewal is retried while past_due). */
export const PLAN_GIVING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export const hasPaidPlan = (row: Pick<WorkspaceBillingRow, 'status'>) =>
  row.status !== null && PLAN_GIVING_STATUSES.includes(row.status);

/** The workspace's billing as Settings shows it. */
export const getBillingStatus = async (
  db: Database,
  { workspaceId, enabled }: { workspaceId: string; enabled: boolean },
): Promise<BillingStatus> => {
  if (!enabled) return { enabled, subscription: null };
  const [row] = await db.select().from(workspaceBilling).where(eq(workspaceBilling.workspaceId, workspaceId));
  return {
    enabled,
    subscription:
      row?.plan && row.period && row.status
        ? {
            plan: row.plan,
            period: row.period,
            status: row.status,
            renews_at: row.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: row.cancelAtPeriodEnd,
          }
        : null,
  };
};
