import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import { OAuthProviderError, type OAuthProvider } from './oauth-provider.ts';

export type TikTokOAuthSettings = {
  /** TikTok's name for the app's client id. */
  clientKey: string;
  clientSecret: string;
  /** https://www.tiktok.com: the authorization page (Login Kit). */
  oauthBaseUrl: string;
  /** https://open.tiktokapis.com: tokens, their renewal and revocation, the account. */
  apiBaseUrl: string;
  /** Whether TikTok has audited the app: until then it may post only privately (SELF_ONLY). */
  audited: boolean;
  timeoutMs: number;
};

/** Issue 35 §3: who the account is, posting (Direct Post), and reading its posts back (reconcile, metrics). */
export const TIKTOK_SCOPES = ['user.info.basic', 'video.publish', 'video.list'];

/** TikTok answers `{ data, error: { code, message } }`, with code 'ok' on success. */
const tiktokFailure = (body: Record<string, unknown>) => {
  const error = body.error as { code?: unknown; message?: unknown } | undefined;
  return error && error.code !== 'ok' ? `${String(error.code)}: ${String(error.message ?? '')}` : undefined;
};

/**
 * TikTok Login Kit for web: no PKCE, the client key and secret in the form. The access token lasts a day and the
 * refresh token a year; a refresh may hand back a new refresh token, which replaces the old one.
 */
export const createTikTokOAuthProvider = (settings: TikTokOAuthSettings): OAuthProvider => {
  const { clientKey, clientSecret, oauthBaseUrl, apiBaseUrl, audited, timeoutMs } = settings;
  const label = 'TikTok';
  const tokenUrl = `${apiBaseUrl}/v2/oauth/token/`;
  const client = { client_key: clientKey, client_secret: clientSecret };
  return {
    platform: 'tiktok',
    usesPkce: false,
    appPostsPrivately: !audited,
    authorizationUrl: ({ state, redirectUri }) =>
      withQuery(`${oauthBaseUrl}/v2/auth/authorize/`, {
        client_key: clientKey,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: TIKTOK_SCOPES.join(','),
        state,
      }),
    exchangeCode: async ({ code, redirectUri }) =>
      readTokenAnswer(
        label,
        await callProvider({
          label,
          url: tokenUrl,
          method: 'POST',
          form: { ...client, code, grant_type: 'authorization_code', redirect_uri: redirectUri },
          timeoutMs,
        }),
      ),
    canRefresh: (tokens) => tokens.refreshToken !== null,
    refresh: async (tokens) =>
      readTokenAnswer(
        label,
        await callProvider({
          label,
          url: tokenUrl,
          method: 'POST',
          form: { ...client, grant_type: 'refresh_token', refresh_token: tokens.refreshToken ?? '' },
          timeoutMs,
        }),
      ),
    readAccount: async (accessToken) => {
      const body = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/v2/user/info/`, { fields: 'open_id,avatar_url,display_name,username' }),
        bearer: accessToken,
        timeoutMs,
      });
      const failure = tiktokFailure(body);
      if (failure) throw new OAuthProviderError('rejected', `TikTok refused to name the account (${failure}).`);
      const user = ((body.data as { user?: Record<string, unknown> } | undefined)?.user ?? {}) as Record<
        string,
        unknown
      >;
      const username = typeof user.username === 'string' && user.username ? user.username : null;
      return {
        accountId: requireString(label, user, 'open_id'),
        displayName: username ? `@${username}` : typeof user.display_name === 'string' ? user.display_name : 'TikTok',
        handle: username,
      };
    },
    revoke: async (tokens) => {
      await callProvider({
        label,
        url: `${apiBaseUrl}/v2/oauth/revoke/`,
        method: 'POST',
        form: { ...client, token: tokens.accessToken },
        timeoutMs,
      });
    },
  };
};
