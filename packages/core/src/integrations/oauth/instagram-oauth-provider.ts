import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import type { OAuthProvider } from './oauth-provider.ts';

export type InstagramOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** https://www.instagram.com: the authorization window. */
  oauthBaseUrl: string;
  /** https://api.instagram.com: the code exchange. */
  tokenBaseUrl: string;
  /** https://graph.instagram.com: long-lived tokens, their refresh, and the account. */
  apiBaseUrl: string;
  timeoutMs: number;
};

/**
 * design.md §5: the Instagram API with Instagram Login (the Basic Display API and its scopes are gone); the insights
 * scope lets the worker read how each post did (issue 17 §6).
 */
export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
];

const GRAPH_VERSION = 'v23.0';

/**
 * Instagram Business Login. No PKCE (not offered) and no refresh token: the code gives a one-hour token, which is
 * exchanged at once for a 60-day one; that token renews itself (ig_refresh_token) while it is still valid.
 */
export const createInstagramOAuthProvider = (settings: InstagramOAuthSettings): OAuthProvider => {
  const { clientId, clientSecret, oauthBaseUrl, tokenBaseUrl, apiBaseUrl, timeoutMs } = settings;
  const label = 'Instagram';
  return {
    platform: 'instagram',
    usesPkce: false,
    authorizationUrl: ({ state, redirectUri }) =>
      withQuery(`${oauthBaseUrl}/oauth/authorize`, {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state,
      }),
    exchangeCode: async ({ code, redirectUri }) => {
      const answer = await callProvider({
        label,
        url: `${tokenBaseUrl}/oauth/access_token`,
        method: 'POST',
        form: {
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        },
        timeoutMs,
      });
      // Business Login answers {data: [{access_token, user_id, permissions}]}; older apps got the fields at the top.
      const shortLived = readTokenAnswer(
        label,
        Array.isArray(answer.data) ? ((answer.data[0] ?? {}) as Record<string, unknown>) : answer,
      );
      const longLived = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/access_token`, {
          grant_type: 'ig_exchange_token',
          client_secret: clientSecret,
          access_token: shortLived.accessToken,
        }),
        timeoutMs,
      });
      return { ...readTokenAnswer(label, longLived), scopes: shortLived.scopes };
    },
    canRefresh: (tokens) => tokens.expiresAt === null || tokens.expiresAt.getTime() > Date.now(),
    refresh: async (tokens) => {
      const answer = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/refresh_access_token`, {
          grant_type: 'ig_refresh_token',
          access_token: tokens.accessToken,
        }),
        timeoutMs,
      });
      return { ...readTokenAnswer(label, answer), refreshToken: null };
    },
    readAccount: async (accessToken) => {
      // Ids are read as strings from /me: the token answer's numeric user_id can exceed JavaScript's safe integers.
      const me = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/${GRAPH_VERSION}/me`, { fields: 'user_id,username', access_token: accessToken }),
        timeoutMs,
      });
      const username = typeof me.username === 'string' ? me.username : null;
      return {
        accountId: requireString(label, me, 'user_id'),
        displayName: username ? `@${username}` : 'Instagram account',
        handle: username,
      };
    },
  };
};
