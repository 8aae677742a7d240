import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Plan } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';

export const accountLimitMessage = (plan: Plan) =>
  `The ${plan.name} plan allows ${plan.limits.accounts} connected accounts: disconnect one to connect another.`;

/**
 * Spec §9 ("Pro: 5 accounts"): a new social account may be connected only while the plan's allowance lasts. The same
 * account connected again (to another agent, or reconnected) is not a new one. Connections waiting for their agent
 * (made in the Create Agent form) count until they expire: creating the agent claims them without another check.
 */
export const assertAccountAllowance = async (
  db: Database,
  { workspaceId, plan, platform, accountId }: { workspaceId: string; plan: Plan; platform: string; accountId: string },
) => {
  const limit = plan.limits.accounts;
  if (limit === null) return;
  const rows = await db
    .selectDistinct({ platform: platformConnection.platform, accountId: platformConnection.accountId })
    .from(platformConnection)
    .where(
      and(
        eq(platformConnection.workspaceId, workspaceId),
        or(isNull(platformConnection.pendingUntil), gt(platformConnection.pendingUntil, new Date())),
      ),
    );
  if (rows.some((row) => row.platform === platform && row.accountId === accountId)) return;
  if (rows.length >= limit) throw new AppError('CONFLICT', accountLimitMessage(plan));
};
