import { authorizationCodeGrant } from './authorization-code-grant.ts';
import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import { OAuthProviderError, type OAuthProvider } from './oauth-provider.ts';

export type YouTubeOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com: the consent page. */
  oauthBaseUrl: string;
  /** https://oauth2.googleapis.com: token and revocation endpoints. */
  tokenBaseUrl: string;
  /** https://www.googleapis.com: the YouTube Data API. */
  apiBaseUrl: string;
  timeoutMs: number;
};

/** Spec §7: upload and general YouTube scopes. */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube',
];

/**
 * Google OAuth 2.0 for YouTube, with PKCE. `access_type=offline` and `prompt=consent` (spec §7) make Google issue
 * a refresh token every time, so a reconnect always leaves a renewable grant; access tokens live an hour.
 */
export const createYouTubeOAuthProvider = (settings: YouTubeOAuthSettings): OAuthProvider => {
  const { clientId, clientSecret, oauthBaseUrl, tokenBaseUrl, apiBaseUrl, timeoutMs } = settings;
  const label = 'YouTube';
  const tokenRequest = async (form: Record<string, string>) =>
    readTokenAnswer(
      label,
      await callProvider({
        label,
        url: `${tokenBaseUrl}/token`,
        method: 'POST',
        form: { ...form, client_id: clientId, client_secret: clientSecret },
        timeoutMs,
      }),
    );
  return {
    platform: 'youtube',
    usesPkce: true,
    authorizationUrl: ({ state, redirectUri, codeChallenge }) =>
      withQuery(`${oauthBaseUrl}/o/oauth2/v2/auth`, {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: YOUTUBE_SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        code_challenge: codeChallenge ?? undefined,
        code_challenge_method: 'S256',
      }),
    ...authorizationCodeGrant(tokenRequest),
    readAccount: async (accessToken) => {
      const answer = await callProvider({
        label,
        url: withQuery(`${apiBaseUrl}/youtube/v3/channels`, { part: 'snippet', mine: 'true' }),
        bearer: accessToken,
        timeoutMs,
      });
      const [channel] = Array.isArray(answer.items) ? (answer.items as Record<string, unknown>[]) : [];
      if (!channel)
        throw new OAuthProviderError(
          'rejected',
          'This Google account has no YouTube channel: create one on YouTube, then connect again.',
        );
      const snippet = (channel.snippet ?? {}) as Record<string, unknown>;
      const id = requireString(label, channel, 'id');
      return {
        accountId: id,
        displayName: typeof snippet.title === 'string' && snippet.title !== '' ? snippet.title : id,
        handle: typeof snippet.customUrl === 'string' ? snippet.customUrl : null,
      };
    },
    revoke: async (tokens) => {
      // Revoking either token ends the grant; the refresh token is the one that would outlive a disconnect.
      await callProvider({
        label,
        url: `${tokenBaseUrl}/revoke`,
        method: 'POST',
        form: { token: tokens.refreshToken ?? tokens.accessToken },
        timeoutMs,
      });
    },
  };
};
