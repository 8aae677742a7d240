import { eq } from 'drizzle-orm';
import type { ConnectablePlatform, OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import { agent } from '@agentcast/db/schema/agents';
import type { OAuthFlowTarget } from '@agentcast/db/schema/connections';
import type { ProviderAccount, TokenSet } from '../../integrations/oauth/oauth-provider.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { assertAccountAllowance } from './assert-account-allowance.ts';
import type { ConnectionServices } from './connection-services.ts';
import { toConnectionResource } from './connection-resource.ts';
import { saveConnection } from './save-connection.ts';
import type { AuditActor } from '../audit/audit-actor.ts';

/** Whose connection a sign-in makes: the user's, an agent's, or one for an agent the form has not saved yet. */
export type ConnectionOwner = {
  workspaceId: string;
  /** The person who signed in to connect it. */
  actor: AuditActor;
  agentId: string | null;
  target: OAuthFlowTarget;
  platform: ConnectablePlatform;
  serviceUrl?: string | null;
};

/**
 * The last step of every OAuth sign-in, once the account is known: within the plan's allowance of social accounts
 * (the same account again is not a new one), the tokens stored sealed, and the answer naming the account and the
 * agent it is for — never a token.
 */
export const connectAccount = async (
  services: ConnectionServices,
  { owner, tokens, account }: { owner: ConnectionOwner; tokens: TokenSet; account: ProviderAccount },
): Promise<OAuthExchangeAnswer> => {
  const { db, secretBox } = services;
  const { workspaceId, actor, agentId, target, platform, serviceUrl = null } = owner;
  await assertAccountAllowance(db, {
    workspaceId,
    plan: await getAccountPlan(db, workspaceId, services.defaultPlan),
    platform,
    accountId: account.accountId,
  });
  const row = await saveConnection(db, secretBox, {
    workspaceId,
    actor,
    agentId,
    target,
    platform,
    tokens,
    account,
    serviceUrl,
  });
  const [named] = agentId
    ? await db.select({ name: agent.name }).from(agent).where(eq(agent.id, agentId)).limit(1)
    : [];
  services.logger.info({ workspaceId, platform, target, connectionId: row.id }, 'Platform connected');
  return { success: true, connection: toConnectionResource(row), agent_name: named?.name ?? null };
};
