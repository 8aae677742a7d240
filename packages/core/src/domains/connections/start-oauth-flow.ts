import { and, count, eq, gt, lt, isNotNull } from 'drizzle-orm';
import {
  INSTANCE_MESSAGES,
  OAUTH_FLOW_LIFETIME_MS,
  oauthCallbackPath,
  type OAuthStartAnswer,
  type OAuthStartInput,
} from '@agentcast/contracts/connections';
import { oauthFlow, platformConnection } from '@agentcast/db/schema/connections';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { AppError } from '../../kernel/app-error.ts';
import { pkceChallenge, randomUrlToken } from '../../integrations/oauth/pkce.ts';
import type { ConnectionServices } from './connection-services.ts';
import { requireOAuthProvider } from './require-oauth-provider.ts';
import { asServiceUrl, checkServiceUrl, invalidField } from './check-service-url.ts';
import { OAuthProviderError } from '../../integrations/oauth/oauth-provider.ts';

/** Round trips one user may have open at once: plenty for people, a bound for scripts. */
const MAX_OPEN_FLOWS_PER_USER = 20;

/** The person's own server (a Mastodon instance) as an address this server may call, or a 400 on `instance`. */
const instanceUrlOf = async (services: ConnectionServices, instance: string | undefined) => {
  if (!instance) throw invalidField('instance', INSTANCE_MESSAGES.required);
  const url = asServiceUrl(instance);
  if (!url) throw invalidField('instance', INSTANCE_MESSAGES.invalid);
  await checkServiceUrl(services, url, 'instance');
  return url;
};

/**
 * Starts connecting a platform: checks the platform is configured, the agent (if any) is the workspace's and the
 * callback is this server's, then keeps the state, the PKCE verifier and the redirect URI for the exchange and
 * answers the provider's authorization URL.
 */
export const startOAuthFlow = async (
  services: ConnectionServices,
  { workspaceId, userId, input }: { workspaceId: string; userId: string; input: OAuthStartInput },
): Promise<OAuthStartAnswer> => {
  const { db, secretBox, oauthProviders, publicUrl } = services;
  const provider = requireOAuthProvider(oauthProviders, input.platform);
  const expectedRedirectUri = `${publicUrl}${oauthCallbackPath(input.platform)}`;
  if (input.redirect_uri !== expectedRedirectUri) {
    const message = `redirect_uri must be ${expectedRedirectUri}: open the app at ${publicUrl} to connect accounts.`;
    throw new AppError('VALIDATION_FAILED', message, { fieldErrors: { redirect_uri: [message] } });
  }
  if (input.agentId) await findOwnedAgentRow(db, { workspaceId, agentId: input.agentId });
  const serviceUrl = provider.needsServiceUrl ? await instanceUrlOf(services, input.instance) : null;

  const now = new Date();
  // Housekeeping on the way: forgotten round trips and Create Agent connections whose agent was never created.
  await db.delete(oauthFlow).where(lt(oauthFlow.expiresAt, now));
  await db
    .delete(platformConnection)
    .where(and(isNotNull(platformConnection.pendingUntil), lt(platformConnection.pendingUntil, now)));
  const [open] = await db
    .select({ value: count() })
    .from(oauthFlow)
    .where(and(eq(oauthFlow.userId, userId), gt(oauthFlow.expiresAt, now)));
  if ((open?.value ?? 0) >= MAX_OPEN_FLOWS_PER_USER) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many connections started in the last few minutes. Finish one or wait ${OAUTH_FLOW_LIFETIME_MS / 60_000} minutes.`,
      {
        retryAfterSeconds: OAUTH_FLOW_LIFETIME_MS / 1000,
      },
    );
  }

  const state = randomUrlToken();
  const codeVerifier = provider.usesPkce ? randomUrlToken() : null;
  // Before the flow is kept: a registration the instance refuses leaves nothing behind.
  const url = await Promise.resolve(
    provider.authorizationUrl({
      state,
      redirectUri: input.redirect_uri,
      codeChallenge: codeVerifier && pkceChallenge(codeVerifier),
      serviceUrl,
    }),
  ).catch((error: unknown) => {
    // Registering this server on the person's instance failed: the instance field is what they can change.
    if (!(error instanceof OAuthProviderError)) throw error;
    if (error.kind === 'rejected') throw invalidField('instance', error.message);
    throw new AppError('UPSTREAM_FAILED', error.message);
  });
  await db.insert(oauthFlow).values({
    state,
    userId,
    workspaceId,
    agentId: input.agentId ?? null,
    target: input.agentId ? 'agent' : input.newAgent ? 'new_agent' : 'user',
    platform: input.platform,
    codeVerifierSealed: codeVerifier && secretBox.seal(codeVerifier),
    redirectUri: input.redirect_uri,
    serviceUrl,
    expiresAt: new Date(now.getTime() + OAUTH_FLOW_LIFETIME_MS),
  });
  return { url, state };
};
