import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import type { OAuthProvider } from './oauth-provider.ts';

export type ThreadsOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** https://threads.net: the authorization window. */
  oauthBaseUrl: string;
  /** https://graph.threads.net: the code exchange, long-lived tokens, their renewal, and the account. */
  apiBaseUrl: string;
  timeoutMs: number;
};

/**
 * Issue 35 §1: post (with media), answer the replies to the agent's threads, read them, read their insights, and
 * take a post back (deleting needs threads_delete of its own). Each permission needs Meta's app review before people
 * without a role on the app can grant it.
 */
export const THREADS_SCOPES = [
  'threads_basic',
  'threads_content_publish',
  'threads_manage_replies',
  'threads_read_replies',
  'threads_manage_insights',
  'threads_delete',
];

const API_VERSION = 'v1.0';

/**
 * Meta lets a long-lived token be renewed once it is a day old, and it lasts 60 days from then: renewing it in its
 * last week, whenever the agent uses it (posts, looks for replies, reads metrics), keeps an active connection alive
 * without the person reconnecting.
 */
const RENEW_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Threads (Meta's Threads API), like Instagram Login: no PKCE and no refresh token — the code gives a one-hour token,
 * exchanged at once for a 60-day one (th_exchange_token), which renews itself (th_refresh_token) while it is valid.
 */
export const createThreadsOAuthProvider = (settings: ThreadsOAuthSettings): OAuthProvider => {
  const { clientId, clientSecret, oauthBaseUrl, apiBaseUrl, timeoutMs } = settings;
  const label = 'Threads';
  return {
    platform: 'threads',
    usesPkce: false,
    renewWithinMs: RENEW_WITHIN_MS,
    authorizationUrl: ({ state, redirectUri }) =>
      withQuery(`${oauthBaseUrl}/oauth/authorize`, {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: THREADS_SCOPES.join(','),
        state,
      }),
    exchangeCode: async ({ code, redirectUri }) => {
      const shortLived = await callProvider({
        label,
        url: `${apiBaseUrl}/oauth/access_token`,
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
      const longLived = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/access_token`, {
          grant_type: 'th_exchange_token',
          client_secret: clientSecret,
          access_token: readTokenAnswer(label, shortLived).accessToken,
        }),
        timeoutMs,
      });
      // The code's answer names no permissions: the ones asked for are those granted (Threads has no partial grant).
      return { ...readTokenAnswer(label, longLived), scopes: THREADS_SCOPES };
    },
    canRefresh: (tokens) => tokens.expiresAt === null || tokens.expiresAt.getTime() > Date.now(),
    refresh: async (tokens) => {
      const answer = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/refresh_access_token`, {
          grant_type: 'th_refresh_token',
          access_token: tokens.accessToken,
        }),
        timeoutMs,
      });
      return { ...readTokenAnswer(label, answer), refreshToken: null };
    },
    readAccount: async (accessToken) => {
      // The id is read as a string: Threads user ids can exceed JavaScript's safe integers.
      const me = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/${API_VERSION}/me`, { fields: 'id,username,name' }),
        bearer: accessToken,
        timeoutMs,
      });
      const username = typeof me.username === 'string' ? me.username : null;
      return {
        accountId: requireString(label, me, 'id'),
        displayName: username ? `@${username}` : 'Threads profile',
        handle: username,
      };
    },
  };
};
