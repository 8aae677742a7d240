import { and, eq } from 'drizzle-orm';
import type { PlanId } from '@agentcast/contracts/plans';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import type { Database } from '@agentcast/db/client';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { connectedAccounts } from './connected-accounts.ts';
import { getAccountPlan } from './get-account-plan.ts';
import { nextUsageReset, usageDay } from './usage-day.ts';

/**
 * The workspace's plan, its limits and what today (UTC) has used of them, and its connected accounts: the dashboard's
 * usage line and the plan in Settings.
 */
export const getUsageSummary = async (
  db: Database,
  { workspaceId, defaultPlan, now = new Date() }: { workspaceId: string; defaultPlan: PlanId; now?: Date },
): Promise<UsageSummary> => {
  const plan = await getAccountPlan(db, workspaceId, defaultPlan);
  const [today] = await db
    .select({ posts: dailyUsage.posts, replies: dailyUsage.replies })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.workspaceId, workspaceId), eq(dailyUsage.day, usageDay(now))))
    .limit(1);
  const accounts = await connectedAccounts(db, workspaceId, now);
  return {
    plan: { id: plan.id, name: plan.name },
    limits: plan.limits,
    today: { posts: today?.posts ?? 0, replies: today?.replies ?? 0 },
    connectedAccounts: accounts.length,
    resetsAt: nextUsageReset(now).toISOString(),
  };
};
