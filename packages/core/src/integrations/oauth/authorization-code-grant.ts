import type { OAuthProvider, TokenSet } from './oauth-provider.ts';

/**
 * The standard half of a provider (RFC 6749 §4.1.3 and §6) over its token request: the code exchange, with the
 * PKCE verifier when the flow has one, and the refresh-token grant. A refresh answered without a new refresh token
 * (Google, LinkedIn) keeps the old one; X sends a new one each time, which replaces it.
 */
export const authorizationCodeGrant = (
  tokenRequest: (form: Record<string, string>) => Promise<TokenSet>,
): Pick<OAuthProvider, 'exchangeCode' | 'canRefresh' | 'refresh'> => ({
  exchangeCode: ({ code, redirectUri, codeVerifier }) =>
    tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      ...(codeVerifier !== null && { code_verifier: codeVerifier }),
    }),
  canRefresh: (tokens) => tokens.refreshToken !== null,
  refresh: async (tokens) => {
    const renewed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken ?? '' });
    return { ...renewed, refreshToken: renewed.refreshToken ?? tokens.refreshToken };
  },
});
