export type FakeOAuthPlatform = 'linkedin' | 'x' | 'youtube' | 'instagram' | 'threads' | 'facebook' | 'tiktok';

/** The person who signs in at the fake provider. */
export type FakeAccount = { id: string; name: string; handle: string; email: string };

type Issued = { accessToken: string; refreshToken?: string; expiresIn?: number };

/** Where each provider keeps its endpoints and how it words its answers, as their documentation shows them. */
export type FakeOAuthLayout = {
  label: string;
  paths: { authorize: string; token: string; account: string; revoke?: string };
  clientAuth: 'form' | 'basic';
  pkce: boolean;
  refreshTokens: boolean;
  rotatesRefreshTokens: boolean;
  /** Instagram, Threads: the code gives a one-hour token, traded for a long-lived one at /access_token. */
  shortLivedFirst: boolean;
  /** Meta's grant_type names for the long-lived token's exchange and renewal (GETs on the API host). */
  longLivedGrants?: { exchange: string; refresh: string };
  /**
   * Facebook: the code and the long-lived exchange (`grant_type=fb_exchange_token`) are both GETs on the token path,
   * their parameters in the query.
   */
  tokenByGet?: boolean;
  /** What the client's id is called in the authorization URL and the token form: TikTok's `client_key`. */
  clientIdParam?: string;
  accountTokenInQuery: boolean;
  accessTokenLifetimeSeconds: number;
  denyDescription: string;
  defaultAccount: FakeAccount;
  codeAnswer: (issued: Issued, fake: { account: FakeAccount }) => unknown;
  refreshAnswer: (issued: Issued) => unknown;
  accountAnswer: (account: FakeAccount) => unknown;
  unauthorizedAnswer: unknown;
  revokeAnswer: unknown;
};

const LINKEDIN_SCOPE = 'email,openid,profile,w_member_social';
const X_SCOPE = 'tweet.read tweet.write users.read offline.access media.write';
const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube';

export const FAKE_OAUTH_LAYOUTS: Record<FakeOAuthPlatform, FakeOAuthLayout> = {
  linkedin: {
    label: 'LinkedIn',
    paths: {
      authorize: '/oauth/v2/authorization',
      token: '/oauth/v2/accessToken',
      account: '/v2/userinfo',
      revoke: '/oauth/v2/revoke',
    },
    clientAuth: 'form',
    pkce: false,
    // Refresh tokens are for apps LinkedIn approved; the fake issues them so that path is covered too.
    refreshTokens: true,
    rotatesRefreshTokens: false,
    shortLivedFirst: false,
    accountTokenInQuery: false,
    accessTokenLifetimeSeconds: 5_184_000,
    denyDescription: 'The user cancelled LinkedIn login',
    defaultAccount: { id: 'yrZCpj2Z12', name: 'Ada Lovelace', handle: 'ada', email: 'ada@example.com' },
    codeAnswer: ({ accessToken, refreshToken, expiresIn }) => ({
      access_token: accessToken,
      expires_in: expiresIn,
      refresh_token: refreshToken,
      refresh_token_expires_in: 31_536_000,
      scope: LINKEDIN_SCOPE,
      token_type: 'Bearer',
      id_token: 'eyJ.fake.jwt',
    }),
    refreshAnswer: ({ accessToken, expiresIn }) => ({
      access_token: accessToken,
      expires_in: expiresIn,
      scope: LINKEDIN_SCOPE,
    }),
    accountAnswer: (account) => ({
      sub: account.id,
      email_verified: true,
      name: account.name,
      locale: { country: 'US', language: 'en' },
      given_name: account.name.split(' ')[0],
      family_name: account.name.split(' ').slice(1).join(' '),
      email: account.email,
      picture: 'https://media.licdn.com/fake.jpg',
    }),
    unauthorizedAnswer: { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 },
    revokeAnswer: {},
  },
  x: {
    label: 'X',
    paths: {
      authorize: '/i/oauth2/authorize',
      token: '/2/oauth2/token',
      account: '/2/users/me',
      revoke: '/2/oauth2/revoke',
    },
    clientAuth: 'basic',
    pkce: true,
    refreshTokens: true,
    rotatesRefreshTokens: true,
    shortLivedFirst: false,
    accountTokenInQuery: false,
    accessTokenLifetimeSeconds: 7200,
    denyDescription: 'The user denied the authorization request',
    defaultAccount: {
      id: '1460000000000000001',
      name: 'Ada Lovelace',
      handle: 'ada_agentcast',
      email: 'ada@example.com',
    },
    codeAnswer: ({ accessToken, refreshToken, expiresIn }) => ({
      token_type: 'bearer',
      expires_in: expiresIn,
      access_token: accessToken,
      scope: X_SCOPE,
      refresh_token: refreshToken,
    }),
    refreshAnswer: ({ accessToken, refreshToken, expiresIn }) => ({
      token_type: 'bearer',
      expires_in: expiresIn,
      access_token: accessToken,
      scope: X_SCOPE,
      refresh_token: refreshToken,
    }),
    accountAnswer: (account) => ({ data: { id: account.id, name: account.name, username: account.handle } }),
    unauthorizedAnswer: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    revokeAnswer: { revoked: true },
  },
  youtube: {
    label: 'Google',
    paths: { authorize: '/o/oauth2/v2/auth', token: '/token', account: '/youtube/v3/channels', revoke: '/revoke' },
    clientAuth: 'form',
    pkce: true,
    refreshTokens: true,
    rotatesRefreshTokens: false,
    shortLivedFirst: false,
    accountTokenInQuery: false,
    accessTokenLifetimeSeconds: 3599,
    denyDescription: 'The user denied access',
    defaultAccount: {
      id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      name: 'Ada Lovelace Channel',
      handle: '@adalovelace',
      email: 'ada@example.com',
    },
    codeAnswer: ({ accessToken, refreshToken, expiresIn }) => ({
      access_token: accessToken,
      expires_in: expiresIn,
      refresh_token: refreshToken,
      scope: YOUTUBE_SCOPE,
      token_type: 'Bearer',
    }),
    refreshAnswer: ({ accessToken, expiresIn }) => ({
      access_token: accessToken,
      expires_in: expiresIn,
      scope: YOUTUBE_SCOPE,
      token_type: 'Bearer',
    }),
    accountAnswer: (account) => ({
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [{ kind: 'youtube#channel', id: account.id, snippet: { title: account.name, customUrl: account.handle } }],
    }),
    unauthorizedAnswer: {
      error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
    },
    revokeAnswer: {},
  },
  instagram: {
    label: 'Instagram',
    paths: { authorize: '/oauth/authorize', token: '/oauth/access_token', account: '/v23.0/me' },
    clientAuth: 'form',
    pkce: false,
    refreshTokens: false,
    rotatesRefreshTokens: false,
    shortLivedFirst: true,
    longLivedGrants: { exchange: 'ig_exchange_token', refresh: 'ig_refresh_token' },
    accountTokenInQuery: true,
    accessTokenLifetimeSeconds: 5_184_000,
    denyDescription: 'Permissions error',
    // Longer than JavaScript's safe integers on purpose, as real Instagram ids are.
    defaultAccount: { id: '17841405793187218', name: 'Ada Lovelace', handle: 'ada.creates', email: 'ada@example.com' },
    codeAnswer: ({ accessToken }, { account }) => ({
      data: [
        {
          access_token: accessToken,
          user_id: account.id,
          permissions: 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights',
        },
      ],
    }),
    refreshAnswer: () => ({}),
    accountAnswer: (account) => ({ user_id: account.id, username: account.handle, id: account.id }),
    unauthorizedAnswer: {
      error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 },
    },
    revokeAnswer: {},
  },
  threads: {
    label: 'Threads',
    paths: { authorize: '/oauth/authorize', token: '/oauth/access_token', account: '/v1.0/me' },
    clientAuth: 'form',
    pkce: false,
    refreshTokens: false,
    rotatesRefreshTokens: false,
    shortLivedFirst: true,
    longLivedGrants: { exchange: 'th_exchange_token', refresh: 'th_refresh_token' },
    accountTokenInQuery: false,
    accessTokenLifetimeSeconds: 5_184_000,
    denyDescription: 'Permissions error',
    // Longer than JavaScript's safe integers on purpose, as Threads user ids are.
    defaultAccount: { id: '25783904158372916', name: 'Ada Lovelace', handle: 'ada.threads', email: 'ada@example.com' },
    codeAnswer: ({ accessToken }, { account }) => ({ access_token: accessToken, user_id: account.id }),
    refreshAnswer: () => ({}),
    accountAnswer: (account) => ({ id: account.id, username: account.handle, name: account.name }),
    unauthorizedAnswer: {
      error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 },
    },
    revokeAnswer: {},
  },
  facebook: {
    label: 'Facebook',
    paths: { authorize: '/v27.0/dialog/oauth', token: '/v27.0/oauth/access_token', account: '/v27.0/me' },
    clientAuth: 'form',
    pkce: false,
    refreshTokens: false,
    rotatesRefreshTokens: false,
    shortLivedFirst: true,
    tokenByGet: true,
    accountTokenInQuery: false,
    accessTokenLifetimeSeconds: 5_184_000,
    denyDescription: 'Permissions error',
    defaultAccount: { id: '10200000000000777', name: 'Ada Lovelace', handle: 'ada.lovelace', email: 'ada@example.com' },
    codeAnswer: ({ accessToken }) => ({ access_token: accessToken, token_type: 'bearer', expires_in: 3600 }),
    refreshAnswer: () => ({}),
    accountAnswer: (account) => ({ id: account.id, name: account.name }),
    unauthorizedAnswer: {
      error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 },
    },
    revokeAnswer: {},
  },
  tiktok: {
    label: 'TikTok',
    paths: {
      authorize: '/v2/auth/authorize/',
      token: '/v2/oauth/token/',
      account: '/v2/user/info/',
      revoke: '/v2/oauth/revoke/',
    },
    clientAuth: 'form',
    clientIdParam: 'client_key',
    pkce: false,
    refreshTokens: true,
    rotatesRefreshTokens: false,
    shortLivedFirst: false,
    accountTokenInQuery: false,
    accessTokenLifetimeSeconds: 86_400,
    denyDescription: 'The user denied the authorization',
    defaultAccount: {
      id: '-000OXZvq8jvJ-bOcGcGBwc0kZk3e4lwRqzl',
      name: 'Ada Lovelace',
      handle: 'ada.makes',
      email: 'ada@example.com',
    },
    codeAnswer: ({ accessToken, refreshToken, expiresIn }, { account }) => ({
      access_token: accessToken,
      expires_in: expiresIn,
      open_id: account.id,
      refresh_expires_in: 31_536_000,
      refresh_token: refreshToken,
      scope: 'user.info.basic,video.publish,video.list',
      token_type: 'Bearer',
    }),
    refreshAnswer: ({ accessToken, refreshToken, expiresIn }) => ({
      access_token: accessToken,
      expires_in: expiresIn,
      refresh_token: refreshToken,
      refresh_expires_in: 31_536_000,
      scope: 'user.info.basic,video.publish,video.list',
      token_type: 'Bearer',
    }),
    accountAnswer: (account) => ({
      data: { user: { open_id: account.id, display_name: account.name, username: account.handle } },
      error: { code: 'ok', message: '', log_id: '20261129101500000000000000000000' },
    }),
    unauthorizedAnswer: {
      data: {},
      error: {
        code: 'access_token_invalid',
        message: 'The access token is invalid or not found in the request.',
        log_id: '20261129101500000000000000000001',
      },
    },
    revokeAnswer: {},
  },
};
