import type { ConnectablePlatform } from '@agentcast/contracts/connections';

/** What a token endpoint granted. */
export type TokenSet = {
  accessToken: string;
  /** null when the provider gave none (LinkedIn for most apps, Instagram never). */
  refreshToken: string | null;
  /** null when the provider gave no lifetime. */
  expiresAt: Date | null;
  scopes: string[];
};

/** The tokens as stored, opened. */
export type StoredTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null };

/** The account the tokens act for. */
export type ProviderAccount = {
  /** LinkedIn `urn:li:person:{sub}`, the Instagram user id, the YouTube channel id, the X user id. */
  accountId: string;
  displayName: string;
  /** @username, custom URL or e-mail, when the provider has one. */
  handle: string | null;
};

/**
 * One social platform's OAuth 2.0 authorization code flow. Generic code (the connection use cases) talks to
 * every platform through this and never asks which one it is.
 */
export type OAuthProvider = {
  platform: ConnectablePlatform;
  /** Whether the flow uses PKCE (S256): a verifier is kept on the server between start and exchange. */
  usesPkce: boolean;
  /**
   * Whether the person names their own server first (a Mastodon instance): then every call below gets it as
   * `serviceUrl`, and the connection keeps it. One-server platforms ignore it.
   */
  needsServiceUrl?: boolean;
  /** A promise where the app must first be registered with the person's server (Mastodon). */
  authorizationUrl: (input: {
    state: string;
    redirectUri: string;
    codeChallenge: string | null;
    serviceUrl?: string | null;
  }) => string | Promise<string>;
  exchangeCode: (input: {
    code: string;
    redirectUri: string;
    codeVerifier: string | null;
    serviceUrl?: string | null;
  }) => Promise<TokenSet>;
  /** Whether `refresh` can renew these tokens (a refresh token, or a token the provider renews itself). */
  canRefresh: (tokens: StoredTokens) => boolean;
  refresh: (tokens: StoredTokens) => Promise<TokenSet>;
  /**
   * Renew this long before the access expires, whenever it is used (default 5 minutes): a long-lived token that
   * renews itself (Threads) is renewed in its last week, so an agent in use never loses it.
   */
  renewWithinMs?: number;
  readAccount: (accessToken: string, context?: { serviceUrl?: string | null }) => Promise<ProviderAccount>;
  /**
   * Where the sign-in grants several accounts to act as, each with its own token (a person's Facebook Pages): those
   * the person may post on. The connection is one of them, which the person chooses when there are several.
   */
  listAccounts?: (accessToken: string) => Promise<(ProviderAccount & { accessToken: string })[]>;
  /** The operator's app may post only privately until the platform audits it (TikTok): the pages say so. */
  appPostsPrivately?: boolean;
  /** Absent where the provider offers no revocation (Instagram). */
  revoke?: (tokens: StoredTokens, context?: { serviceUrl?: string | null }) => Promise<void>;
};

/**
 * A provider call that failed. `rejected`: the provider refused (a bad or used code, a revoked or expired grant) —
 * trying again will not help. `unavailable`: it could not be reached, timed out, or failed on its side.
 */
export class OAuthProviderError extends Error {
  readonly kind: 'rejected' | 'unavailable';
  /** The provider's own error code (e.g. invalid_grant), when it sent one. */
  readonly providerCode?: string;

  constructor(kind: 'rejected' | 'unavailable', message: string, providerCode?: string) {
    super(message);
    this.name = 'OAuthProviderError';
    this.kind = kind;
    this.providerCode = providerCode;
  }
}
