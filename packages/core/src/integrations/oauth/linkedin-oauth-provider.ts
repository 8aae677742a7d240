import { authorizationCodeGrant } from './authorization-code-grant.ts';
import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import type { OAuthProvider } from './oauth-provider.ts';

export type LinkedInOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** https://www.linkedin.com: the authorization page, token and revocation endpoints. */
  oauthBaseUrl: string;
  /** https://api.linkedin.com: /v2/userinfo (and the Posts API, for publishing). */
  apiBaseUrl: string;
  timeoutMs: number;
};

/** Sign In with LinkedIn (OpenID Connect) plus Share on LinkedIn. */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'w_member_social'];

/**
 * LinkedIn's 3-legged OAuth. No PKCE: LinkedIn offers it to native apps only, on request; a web app proves itself
 * with its client secret. Refresh tokens come only to apps LinkedIn approved for them; otherwise the 60-day
 * access token is renewed by connecting again.
 */
export const createLinkedInOAuthProvider = (settings: LinkedInOAuthSettings): OAuthProvider => {
  const { clientId, clientSecret, oauthBaseUrl, apiBaseUrl, timeoutMs } = settings;
  const label = 'LinkedIn';
  const tokenRequest = async (form: Record<string, string>) =>
    readTokenAnswer(
      label,
      await callProvider({
        label,
        url: `${oauthBaseUrl}/oauth/v2/accessToken`,
        method: 'POST',
        form: { ...form, client_id: clientId, client_secret: clientSecret },
        timeoutMs,
      }),
    );
  return {
    platform: 'linkedin',
    usesPkce: false,
    authorizationUrl: ({ state, redirectUri }) =>
      withQuery(`${oauthBaseUrl}/oauth/v2/authorization`, {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        state,
        scope: LINKEDIN_SCOPES.join(' '),
      }),
    ...authorizationCodeGrant(tokenRequest),
    readAccount: async (accessToken) => {
      const info = await callProvider({ label, url: `${apiBaseUrl}/v2/userinfo`, bearer: accessToken, timeoutMs });
      const email = typeof info.email === 'string' ? info.email : null;
      const name = typeof info.name === 'string' && info.name.trim() !== '' ? info.name : (email ?? 'LinkedIn member');
      return { accountId: `urn:li:person:${requireString(label, info, 'sub')}`, displayName: name, handle: email };
    },
    revoke: async (tokens) => {
      await callProvider({
        label,
        url: `${oauthBaseUrl}/oauth/v2/revoke`,
        method: 'POST',
        form: { client_id: clientId, client_secret: clientSecret, token: tokens.accessToken },
        timeoutMs,
      });
    },
  };
};
