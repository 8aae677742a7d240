import { and, eq } from 'drizzle-orm';
import type { PlanId } from '@agentcast/contracts/plans';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import type { Database } from '@agentcast/db/client';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { getAccountPlan } from './get-account-plan.ts';
import { nextUsageReset, usageDay } from './usage-day.ts';

/** The account's plan, its limits and what today (UTC) has used of them: the dashboard's usage line. */
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
  return {
    plan: { id: plan.id, name: plan.name },
    limits: plan.limits,
    today: { posts: today?.posts ?? 0, replies: today?.replies ?? 0 },
    resetsAt: nextUsageReset(now).toISOString(),
  };
};
