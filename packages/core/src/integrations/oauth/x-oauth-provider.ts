import { authorizationCodeGrant } from './authorization-code-grant.ts';
import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import type { OAuthProvider } from './oauth-provider.ts';

export type XOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** https://x.com: the authorization page (/i/oauth2/authorize). */
  oauthBaseUrl: string;
  /** https://api.x.com: the token, revocation and /2/users/me endpoints (and posting, for publishing). */
  apiBaseUrl: string;
  timeoutMs: number;
};

/** Posting with media, reading the account, and a refresh token (offline.access). */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];

/**
 * X's OAuth 2.0 authorization code flow with PKCE, as a confidential client (HTTP Basic with the client id and
 * secret on the token endpoints). Access tokens live two hours; refresh tokens are single use, replaced on each
 * refresh.
 */
export const createXOAuthProvider = (settings: XOAuthSettings): OAuthProvider => {
  const { clientId, clientSecret, oauthBaseUrl, apiBaseUrl, timeoutMs } = settings;
  const label = 'X';
  const basic = { username: clientId, password: clientSecret };
  const tokenRequest = async (form: Record<string, string>) =>
    readTokenAnswer(
      label,
      await callProvider({ label, url: `${apiBaseUrl}/2/oauth2/token`, method: 'POST', form, basic, timeoutMs }),
    );
  return {
    platform: 'x',
    usesPkce: true,
    authorizationUrl: ({ state, redirectUri, codeChallenge }) =>
      withQuery(`${oauthBaseUrl}/i/oauth2/authorize`, {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: X_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge ?? undefined,
        code_challenge_method: 'S256',
      }),
    ...authorizationCodeGrant(tokenRequest),
    readAccount: async (accessToken) => {
      const answer = await callProvider({ label, url: `${apiBaseUrl}/2/users/me`, bearer: accessToken, timeoutMs });
      const data = (answer.data ?? {}) as Record<string, unknown>;
      const username = requireString(label, data, 'username');
      return {
        accountId: requireString(label, data, 'id'),
        displayName: typeof data.name === 'string' ? data.name : `@${username}`,
        handle: username,
      };
    },
    revoke: async (tokens) => {
      // Revoking the refresh token ends the whole grant; the access token is revoked too in case none was issued.
      for (const [token, hint] of [
        [tokens.refreshToken, 'refresh_token'],
        [tokens.accessToken, 'access_token'],
      ] as const) {
        if (token)
          await callProvider({
            label,
            url: `${apiBaseUrl}/2/oauth2/revoke`,
            method: 'POST',
            form: { token, token_type_hint: hint },
            basic,
            timeoutMs,
          });
      }
    },
  };
};
