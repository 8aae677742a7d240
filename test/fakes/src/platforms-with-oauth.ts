import { startFacebookApiFake, type FacebookApiFake } from './facebook-api-fake.ts';
import { startInstagramApiFake, type InstagramApiFake } from './instagram-api-fake.ts';
import { startLinkedInApiFake, type LinkedInApiFake } from './linkedin-api-fake.ts';
import { startOAuthProviderFake, type OAuthProviderFake } from './oauth-provider-fake.ts';
import { startPathRouter } from './path-router.ts';
import { startThreadsApiFake, type ThreadsApiFake } from './threads-api-fake.ts';
import { startTikTokApiFake, type TikTokApiFake } from './tiktok-api-fake.ts';
import { startXApiFake, type XApiFake } from './x-api-fake.ts';
import { startYouTubeApiFake, type YouTubeApiFake } from './youtube-api-fake.ts';

/** A platform as the app sees it: the OAuth provider (connecting) and the API (publishing) answering as one host. */
export type PlatformWithOAuth<Api> = {
  oauth: OAuthProviderFake;
  api: Api;
  baseUrl: string;
  close: () => Promise<void>;
};

/**
 * X: its authorization page, token endpoint and `/2/users/me` from the OAuth fake, everything else from the X API
 * fake, which accepts the tokens the OAuth fake issued as the account that signed in. Point X_OAUTH_BASE_URL and
 * X_API_BASE_URL at `baseUrl`.
 */
export const startXWithOAuth = async (): Promise<PlatformWithOAuth<XApiFake>> => {
  const oauth = await startOAuthProviderFake('x');
  const api = await startXApiFake({
    trustTokens: (token) => {
      const account = oauth.accountOf(token);
      return account && { id: account.id, username: account.handle ?? account.id, name: account.name };
    },
  });
  const router = await startPathRouter(
    [{ prefixes: ['/i/oauth2/', '/2/oauth2/', '/2/users/me', '/__decision', '/__fake'], target: oauth.baseUrl }],
    api.baseUrl,
  );
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};

/**
 * LinkedIn: the OAuth fake for authorization, tokens and `/v2/userinfo`; the LinkedIn API fake for posting, trusting
 * the OAuth fake's tokens as `urn:li:person:{sub}`. Point LINKEDIN_OAUTH_BASE_URL at `oauth.baseUrl` and
 * LINKEDIN_API_BASE_URL at `baseUrl`.
 */
export const startLinkedInWithOAuth = async (): Promise<PlatformWithOAuth<LinkedInApiFake>> => {
  const oauth = await startOAuthProviderFake('linkedin');
  const api = await startLinkedInApiFake({
    trustTokens: (token) => {
      const account = oauth.accountOf(token);
      return account && `urn:li:person:${account.id}`;
    },
  });
  const router = await startPathRouter([{ prefixes: ['/v2/userinfo', '/__fake'], target: oauth.baseUrl }], api.baseUrl);
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};

/**
 * Instagram: the OAuth fake for authorization, the code exchange, long-lived tokens and `/v23.0/me`; the Instagram API
 * fake for publishing, trusting the OAuth fake's tokens as the account that signed in. Point INSTAGRAM_OAUTH_BASE_URL
 * and INSTAGRAM_TOKEN_BASE_URL at `oauth.baseUrl` and INSTAGRAM_API_BASE_URL at `baseUrl`.
 */
export const startInstagramWithOAuth = async (): Promise<PlatformWithOAuth<InstagramApiFake>> => {
  const oauth = await startOAuthProviderFake('instagram');
  const api = await startInstagramApiFake({ trustTokens: (token) => oauth.accountOf(token)?.id });
  const router = await startPathRouter(
    [{ prefixes: ['/access_token', '/refresh_access_token', '/v23.0/me?', '/__fake'], target: oauth.baseUrl }],
    api.baseUrl,
  );
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};

/**
 * YouTube: the OAuth fake (Google) for authorization, tokens and the signed-in account's channel
 * (`channels?part=snippet&mine=true`, as the connection reads it); the YouTube API fake for uploads and the uploads
 * playlist, trusting the OAuth fake's tokens as that channel. Point GOOGLE_OAUTH_BASE_URL and GOOGLE_TOKEN_BASE_URL
 * at `oauth.baseUrl` and GOOGLE_API_BASE_URL at `baseUrl`.
 */
export const startYouTubeWithOAuth = async (): Promise<PlatformWithOAuth<YouTubeApiFake>> => {
  const oauth = await startOAuthProviderFake('youtube');
  const api = await startYouTubeApiFake({ trustTokens: (token) => oauth.accountOf(token)?.id });
  const router = await startPathRouter(
    [{ prefixes: ['/youtube/v3/channels?part=snippet&mine=true', '/__fake'], target: oauth.baseUrl }],
    api.baseUrl,
  );
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};

/**
 * Threads: the OAuth fake for authorization, the code exchange, long-lived tokens and `/v1.0/me`; the Threads API
 * fake for publishing and replies, trusting the OAuth fake's tokens as the profile that signed in. Point
 * THREADS_OAUTH_BASE_URL at `oauth.baseUrl` and THREADS_API_BASE_URL at `baseUrl` (whose `/__fake/` controls are the
 * Threads API fake's: someone replies, what was published).
 */
export const startThreadsWithOAuth = async (): Promise<PlatformWithOAuth<ThreadsApiFake>> => {
  const oauth = await startOAuthProviderFake('threads');
  const api = await startThreadsApiFake({
    trustTokens: (token) => {
      const account = oauth.accountOf(token);
      return account && { id: account.id, username: account.handle, name: account.name };
    },
  });
  const router = await startPathRouter(
    [
      {
        prefixes: ['/oauth/access_token', '/access_token', '/refresh_access_token', '/v1.0/me?'],
        target: oauth.baseUrl,
      },
    ],
    api.baseUrl,
  );
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};

/**
 * Facebook: the OAuth fake for the login dialog, the code's exchange and the long-lived token (GETs on
 * `/v27.0/oauth/access_token`); the Facebook API fake for the person's Pages (`/me/accounts`, trusting the OAuth
 * fake's tokens as the person who signed in: `api.addUser({ id: oauth.account.id })` and their Pages), posting and
 * comments. Point FACEBOOK_OAUTH_BASE_URL at `oauth.baseUrl` and FACEBOOK_GRAPH_BASE_URL at `baseUrl`.
 */
export const startFacebookWithOAuth = async (): Promise<PlatformWithOAuth<FacebookApiFake>> => {
  const oauth = await startOAuthProviderFake('facebook');
  const api = await startFacebookApiFake({ trustTokens: (token) => oauth.accountOf(token)?.id });
  const router = await startPathRouter([{ prefixes: ['/v27.0/oauth/'], target: oauth.baseUrl }], api.baseUrl);
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};

/**
 * TikTok: the OAuth fake for Login Kit's authorization page, tokens, revocation and `/v2/user/info/`; the TikTok API
 * fake for creator_info, posting and the account's videos, trusting the OAuth fake's tokens as the creator who signed
 * in (its default account is made a creator here: unaudited, a private account). Point TIKTOK_OAUTH_BASE_URL at
 * `oauth.baseUrl` and TIKTOK_API_BASE_URL at `baseUrl`.
 */
export const startTikTokWithOAuth = async (): Promise<PlatformWithOAuth<TikTokApiFake>> => {
  const oauth = await startOAuthProviderFake('tiktok');
  const api = await startTikTokApiFake({ trustTokens: (token) => oauth.accountOf(token)?.id });
  // The creator who signs in, under the same name on both sides (unaudited, a private account).
  api.addCreator({ openId: oauth.account.id, username: oauth.account.handle, nickname: oauth.account.name });
  const router = await startPathRouter(
    [{ prefixes: ['/v2/oauth/', '/v2/user/info/'], target: oauth.baseUrl }],
    api.baseUrl,
  );
  return {
    oauth,
    api,
    baseUrl: router.baseUrl,
    close: async () => void (await Promise.all([router.close(), oauth.close(), api.close()])),
  };
};
