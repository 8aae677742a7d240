import { and, eq, gt } from 'drizzle-orm';
import {
  OAUTH_CALLBACK_MESSAGES,
  OAUTH_FLOW_LIFETIME_MS,
  type OAuthExchangeInput,
} from '@agentcast/contracts/connections';
import { ACCOUNT_CHOICE_MESSAGES, type OAuthExchangeResult } from '@agentcast/contracts/oauth-account-choice';
import { oauthFlow } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';
import { OAuthProviderError } from '../../integrations/oauth/oauth-provider.ts';
import { offerAccountChoice } from './choose-oauth-account.ts';
import { connectAccount } from './connect-account.ts';
import type { ConnectionServices } from './connection-services.ts';
import { requireOAuthProvider } from './require-oauth-provider.ts';
import { personActor } from '../audit/audit-actor.ts';

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
 * The answer describes the connection — or, where the sign-in grants several accounts, lists them to choose from
 * (choose-oauth-account.ts). No token ever leaves.
 */
export const exchangeOAuthCode = async (
  services: ConnectionServices,
  { userId, input }: { userId: string; input: OAuthExchangeInput },
): Promise<OAuthExchangeResult> => {
  const { db, secretBox, oauthProviders } = services;
  const provider = requireOAuthProvider(oauthProviders, input.platform);
  // Matching on the person too means another person's state is neither usable nor spent by this request. The
  // connection lands in the workspace the flow was started in.
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
  const owner = {
    workspaceId: flow.workspaceId,
    actor: personActor({ userId }),
    agentId: flow.agentId,
    target: flow.target,
    platform: flow.platform,
    serviceUrl: flow.serviceUrl,
  };
  // A sign-in that grants several accounts (a person's Pages): one is connected, with its own token.
  if (provider.listAccounts) {
    const accounts = await provider.listAccounts(tokens.accessToken).catch((error: unknown) => {
      throw providerFailure(error, 'Could not read the accounts this sign-in grants');
    });
    const [only, ...others] = accounts;
    if (!only) throw new AppError('CONFLICT', ACCOUNT_CHOICE_MESSAGES.noFacebookPage);
    if (others.length > 0) return offerAccountChoice(services, { owner, userId, accounts, scopes: tokens.scopes });
    const { accessToken, ...account } = only;
    return connectAccount(services, {
      owner,
      tokens: { accessToken, refreshToken: null, expiresAt: null, scopes: tokens.scopes },
      account,
    });
  }
  const account = await provider
    .readAccount(tokens.accessToken, { serviceUrl: flow.serviceUrl })
    .catch((error: unknown) => {
      throw providerFailure(error, 'Could not read the connected account');
    });
  return connectAccount(services, { owner, tokens, account });
};
