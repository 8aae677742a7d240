import type { Plan } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { AppError } from '../../kernel/app-error.ts';
import { connectedAccounts } from '../plans/connected-accounts.ts';

export const accountLimitMessage = (plan: Plan) =>
  `The ${plan.name} plan allows ${plan.limits.accounts} connected accounts: disconnect one to connect another.`;

/**
 * Spec §9 ("Pro: 5 accounts"): a new social account may be connected only while the plan's allowance lasts. The same
 * account connected again (to another agent, or reconnected) is not a new one (plans/connected-accounts.ts).
 */
export const assertAccountAllowance = async (
  db: Database,
  { workspaceId, plan, platform, accountId }: { workspaceId: string; plan: Plan; platform: string; accountId: string },
) => {
  const limit = plan.limits.accounts;
  if (limit === null) return;
  const rows = await connectedAccounts(db, workspaceId);
  if (rows.some((row) => row.platform === platform && row.accountId === accountId)) return;
  if (rows.length >= limit) throw new AppError('CONFLICT', accountLimitMessage(plan));
};
