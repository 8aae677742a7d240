import { clockTime, relativeDay } from '@agentcast/contracts/posting-day';
import type { Plan, PlanId } from '@agentcast/contracts/plans';
import { QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import type { Database } from '@agentcast/db/client';
import { AppError } from '../../kernel/app-error.ts';
import { accountTimeZone } from './account-time-zone.ts';
import { projectNextPosts } from './project-account-slots.ts';

/**
 * A trigger refused because today's posts are used: "Today's 2 posts are used (Starter). The next goes out tomorrow
 * at 09:00." The next post is the agent's first one in the projection the Calendar and the AgentBoard show, said in
 * the account's time zone (the person's, as their browser sent it).
 */
export const todayUsedError = async (
  db: Database,
  {
    workspaceId,
    agentId,
    plan,
    defaultPlan,
    now,
  }: { workspaceId: string; agentId: string; plan: Plan; defaultPlan: PlanId; now: Date },
) => {
  const [zone, nextPosts] = await Promise.all([
    accountTimeZone(db, workspaceId),
    projectNextPosts(db, { workspaceId, defaultPlan, now }),
  ]);
  const next = nextPosts.get(agentId);
  return new AppError(
    'QUOTA_USED',
    QUOTA_MESSAGES.todayUsed(plan, next ? `${relativeDay(zone, next, now)} at ${clockTime(zone, next)}` : null),
  );
};
