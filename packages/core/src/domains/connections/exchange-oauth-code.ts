import { and, eq, gt } from 'drizzle-orm';
import {
  OAUTH_CALLBACK_MESSAGES,
  OAUTH_FLOW_LIFETIME_MS,
  type OAuthExchangeAnswer,
  type OAuthExchangeInput,
} from '@agentcast/contracts/connections';
import { agent } from '@agentcast/db/schema/agents';
import { oauthFlow } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';
import { OAuthProviderError } from '../../integrations/oauth/oauth-provider.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import type { ConnectionServices } from './connection-services.ts';
import { toConnectionResource } from './connection-resource.ts';
import { requireOAuthProvider } from './require-oauth-provider.ts';
import { assertAccountAllowance } from './assert-account-allowance.ts';
import { saveConnection } from './save-connection.ts';

const invalidState = () =>
  new AppError('VALIDATION_FAILED', OAUTH_CALLBACK_MESSAGES.invalidState, {
    fieldErrors: {
      state: [
        `This connection was not started by you in the last ${OAUTH_FLOW_LIFETIME_MS / 60_000} minutes, or it was already completed. Start connecting again.`,
      ],
    },
  });

const providerFailure = (error: unknown, what: string) => {
  if (!(error instanceof OAuthProviderError)) throw error;
  return new AppError('UPSTREAM_FAILED', `${what}: ${error.message}`);
};

/**
 * Spec §7 POST /api/oauth/exchange, on the server: the state must be one this user started for this platform,
 * unexpired and unused (it is consumed here, whatever happens next), with the very same redirect URI. Then the
 * code is exchanged with the client secret (and PKCE verifier), the account read, and the tokens stored sealed.
 * The answer describes the connection; no token ever leaves.
 */
export const exchangeOAuthCode = async (
  services: ConnectionServices,
  { userId, input }: { userId: string; input: OAuthExchangeInput },
): Promise<OAuthExchangeAnswer> => {
  const { db, secretBox, oauthProviders } = services;
  const provider = requireOAuthProvider(oauthProviders, input.platform);
  // Matching on the user too means another user's state is neither usable nor spent by this request.
  const [flow] = await db
    .delete(oauthFlow)
    .where(
      and(
        eq(oauthFlow.state, input.state),
        eq(oauthFlow.userId, userId),
        eq(oauthFlow.platform, input.platform),
        gt(oauthFlow.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!flow) throw invalidState();
  if (flow.redirectUri !== input.redirect_uri) {
    const message = 'redirect_uri differs from the one this connection was started with.';
    throw new AppError('VALIDATION_FAILED', message, { fieldErrors: { redirect_uri: [message] } });
  }

  const codeVerifier = flow.codeVerifierSealed && secretBox.open(flow.codeVerifierSealed);
  const tokens = await provider
    .exchangeCode({ code: input.code, redirectUri: flow.redirectUri, codeVerifier, serviceUrl: flow.serviceUrl })
    .catch((error: unknown) => {
      throw providerFailure(error, OAUTH_CALLBACK_MESSAGES.exchangeFailed);
    });
  const account = await provider
    .readAccount(tokens.accessToken, { serviceUrl: flow.serviceUrl })
    .catch((error: unknown) => {
      throw providerFailure(error, 'Could not read the connected account');
    });
  // The plan's allowance of social accounts (the same account again is not a new one).
  await assertAccountAllowance(db, {
    userId,
    plan: await getAccountPlan(db, userId, services.defaultPlan),
    platform: flow.platform,
    accountId: account.accountId,
  });
  const row = await saveConnection(db, secretBox, {
    userId,
    agentId: flow.agentId,
    target: flow.target,
    platform: flow.platform,
    tokens,
    account,
    serviceUrl: flow.serviceUrl,
  });
  const [owner] = flow.agentId
    ? await db.select({ name: agent.name }).from(agent).where(eq(agent.id, flow.agentId)).limit(1)
    : [];
  services.logger.info(
    { userId, platform: flow.platform, target: flow.target, connectionId: row.id },
    'Platform connected',
  );
  return { success: true, connection: toConnectionResource(row), agent_name: owner?.name ?? null };
};
