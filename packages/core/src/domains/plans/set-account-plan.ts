import { eq, sql } from 'drizzle-orm';
import { PLANS, type Plan, type PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { user } from '@agentcast/db/schema/auth';
import { userPlan } from '@agentcast/db/schema/plans';
import { AppError } from '../../kernel/app-error.ts';

/**
 * Puts the account with this e-mail on a plan (an operator's action: `npm run plan`): the plan of the person's own
 * workspace, which has their id (decision 028). Returns the plan and the workspace, whose schedules the caller
 * spreads anew (respreadAccountSchedules): the plan's posts a day changed.
 */
export const setAccountPlan = async (
  db: Database,
  { email, plan }: { email: string; plan: string },
): Promise<{ plan: Plan; workspaceId: string }> => {
  const chosen = PLANS.find((candidate) => candidate.id === plan.toLowerCase());
  if (!chosen)
    throw new AppError(
      'VALIDATION_FAILED',
      `Unknown plan "${plan}": choose ${PLANS.map((candidate) => candidate.id).join(', ')}.`,
    );
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND', `No account has the e-mail ${email}.`);
  await db
    .insert(userPlan)
    .values({ workspaceId: account.id, plan: chosen.id as PlanId })
    .onConflictDoUpdate({ target: userPlan.workspaceId, set: { plan: chosen.id as PlanId, updatedAt: new Date() } });
  return { plan: chosen, workspaceId: account.id };
};
