import { randomBytes } from 'node:crypto';
import {
  startPlatformFakeServer,
  type FakeReply,
  type FailOptions,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';
import { scriptedTikTokError, tiktokError } from './tiktok-fake-envelope.ts';
import { startInt64Front } from './tiktok-fake-int64-front.ts';
import { fetchStatus, initPhotos, initVideo, uploadChunk } from './tiktok-fake-publishing.ts';
import { creatorInfo, listVideos, queryVideos, scopeMissing, userInfo } from './tiktok-fake-reads.ts';
import type {
  TikTokFakeCreator,
  TikTokFakePost,
  TikTokFakeSettings,
  TikTokFakeState,
  TikTokPublishScript,
  TikTokVideoStats,
} from './tiktok-fake-types.ts';

export { int64, tiktokErrorBody } from './tiktok-fake-envelope.ts';
export type * from './tiktok-fake-types.ts';

/** The fake's routes, as `requestsTo`, `failNext`, `hangNext` and `dropNext` name them. */
export const TIKTOK_ROUTES = {
  creatorInfo: 'POST /v2/post/publish/creator_info/query/',
  videoInit: 'POST /v2/post/publish/video/init/',
  /** The upload_url video/init hands out (TikTok's upload host, here the fake itself). */
  upload: 'PUT /video/',
  photoInit: 'POST /v2/post/publish/content/init/',
  status: 'POST /v2/post/publish/status/fetch/',
  videoList: 'POST /v2/video/list/',
  videoQuery: 'POST /v2/video/query/',
  userInfo: 'GET /v2/user/info/',
} as const;

const PUBLIC_ACCOUNT_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
/** A private account is offered its followers instead of everyone. */
const PRIVATE_ACCOUNT_LEVELS = ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
const ALL_SCOPES = ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.publish', 'video.list'];

export type TikTokCreatorOptions = Partial<Omit<TikTokFakeCreator, 'openId' | 'unionId'>> & { openId?: string };

export type TikTokApiFakeOptions = {
  /** Accepts tokens issued elsewhere (the TikTok OAuth fake): the open_id a token belongs to, or nothing. */
  trustTokens?: (token: string) => string | null | undefined;
  /** false: keep no record of the requests. */
  recordRequests?: boolean;
};

export type TikTokApiFake = {
  /** For the adapter's baseUrl (open.tiktokapis.com's stand-in; upload URLs point here too). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests of one route, by its TIKTOK_ROUTES name. */
  requestsTo: (route: string) => RecordedRequest[];
  /** The next calls of a route fail; a TikTok error code goes in `body` (tiktokErrorBody). */
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  /**
   * A creator whose token the fake accepts (other tokens: access_token_invalid). By default unaudited with a private
   * account, as an app starts; `audited: true` gives a public account unless `privateAccount` says otherwise.
   */
  addCreator: (options?: TikTokCreatorOptions) => TikTokFakeCreator;
  /** Changes what creator_info answers for the creator with this token or open_id. */
  setCreatorInfo: (tokenOrOpenId: string, changes: Partial<Omit<TikTokFakeCreator, 'openId' | 'token'>>) => void;
  /** Every publish, oldest first: its post_info, uploaded bytes, pulled photos, status and video id. */
  posts: () => TikTokFakePost[];
  /** How the next publishes end, one script each in order (unscripted: published at the first status read). */
  scriptNextPublish: (...scripts: TikTokPublishScript[]) => void;
  /** What video/query and video/list answer for a video's counts from now on. */
  setMetrics: (videoId: string, stats: Partial<TikTokVideoStats>) => void;
  settings: TikTokFakeSettings;
  close: () => Promise<void>;
};

/**
 * A loopback TikTok API v2 (open.tiktokapis.com): the Content Posting API's creator_info, video/init with its chunked
 * upload, content/init for photos (pulled from their URLs) and status/fetch; the Display API's video/list,
 * video/query and user/info. Every answer is TikTok's `{ data, error: { code, message, log_id } }`, int64 post ids
 * as bare numbers. Tokens are checked (Bearer), scopes too; an unaudited creator may post SELF_ONLY to a private
 * account only, with TikTok's errors otherwise.
 */
export const startTikTokApiFake = async ({
  trustTokens,
  recordRequests,
}: TikTokApiFakeOptions = {}): Promise<TikTokApiFake> => {
  let nextVideo = 7_350_000_000_000_000_000n;
  const state: TikTokFakeState = {
    creators: [],
    posts: [],
    scripts: [],
    stats: new Map(),
    settings: { photoPullTimeoutMs: 5000 },
    creatorOf: (token) => state.creators.find((creator) => creator.token === token),
    nextVideoId: () => String((nextVideo += 1n)),
  };

  const addCreator = ({ audited = false, privateAccount = !audited, ...rest }: TikTokCreatorOptions = {}) => {
    const handle = randomBytes(4).toString('hex');
    const creator: TikTokFakeCreator = {
      openId: `-000${randomBytes(16).toString('base64url')}`,
      unionId: `-000${randomBytes(16).toString('base64url')}`,
      token: `act.${randomBytes(24).toString('hex')}!0000.va`,
      username: `creator_${handle}`,
      nickname: `Creator ${handle}`,
      avatarUrl: `https://p16-sign.tiktokcdn-us.com/avatar/${handle}.jpeg`,
      audited,
      privateAccount,
      privacyLevels: privateAccount ? PRIVATE_ACCOUNT_LEVELS : PUBLIC_ACCOUNT_LEVELS,
      commentDisabled: false,
      duetDisabled: privateAccount,
      stitchDisabled: privateAccount,
      maxVideoSeconds: 600,
      scopes: ALL_SCOPES,
      ...rest,
    };
    state.creators.push(creator);
    return creator;
  };

  const creatorFor = (request: RecordedRequest) => {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    const known = state.creatorOf(token);
    if (known || !token) return known;
    const openId = trustTokens?.(token);
    if (!openId) return undefined;
    const creator = state.creators.find((candidate) => candidate.openId === openId) ?? addCreator({ openId });
    creator.token = token;
    return creator;
  };

  type Handler = (
    state: TikTokFakeState,
    context: RouteContext,
    creator: TikTokFakeCreator,
  ) => FakeReply | Promise<FakeReply>;
  /** Every API call needs a known token and the endpoint's scope. */
  const api = (scope: string | undefined, handle: Handler) => (context: RouteContext) => {
    const creator = creatorFor(context.request);
    if (!creator) {
      return tiktokError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    }
    if (scope && !creator.scopes.includes(scope)) return scopeMissing();
    return handle(state, context, creator);
  };

  const route = (name: string, handle: Route['handle']): Route => {
    const [method = '', pattern = ''] = name.split(' ');
    return { method, pattern, handle };
  };
  const routes: Route[] = [
    route(TIKTOK_ROUTES.creatorInfo, api('video.publish', creatorInfo)),
    route(TIKTOK_ROUTES.videoInit, api('video.publish', initVideo)),
    // The upload URL carries its own credential (upload_token): TikTok takes no Authorization there.
    route(TIKTOK_ROUTES.upload, (context) => uploadChunk(state, context)),
    route(TIKTOK_ROUTES.photoInit, api('video.publish', initPhotos)),
    route(TIKTOK_ROUTES.status, api('video.publish', fetchStatus)),
    route(TIKTOK_ROUTES.videoList, api('video.list', listVideos)),
    route(TIKTOK_ROUTES.videoQuery, api('video.list', queryVideos)),
    route(TIKTOK_ROUTES.userInfo, api(undefined, userInfo)),
  ];

  const server = await startPlatformFakeServer({
    routes,
    recordRequests,
    notFound: () => tiktokError(404, 'invalid_params', 'The requested API does not exist.'),
    // TikTok documents no Retry-After: a rate-limited answer is its body alone.
    errorReply: (status) => scriptedTikTokError(status),
  });
  const front = await startInt64Front(server.baseUrl);

  const findCreator = (tokenOrOpenId: string) => {
    const creator = state.creators.find((candidate) => [candidate.token, candidate.openId].includes(tokenOrOpenId));
    if (!creator) throw new Error(`The TikTok fake has no creator ${tokenOrOpenId}.`);
    return creator;
  };

  return {
    baseUrl: front.baseUrl,
    requests: server.requests,
    requestsTo: server.requestsTo,
    failNext: server.failNext,
    hangNext: server.hangNext,
    dropNext: server.dropNext,
    addCreator,
    setCreatorInfo: (tokenOrOpenId, changes) => void Object.assign(findCreator(tokenOrOpenId), changes),
    posts: () => state.posts,
    scriptNextPublish: (...scripts) => void state.scripts.push(...scripts.map((script) => ({ ...script }))),
    setMetrics: (videoId, stats) =>
      void state.stats.set(videoId, {
        ...(state.stats.get(videoId) ?? { view_count: 0, like_count: 0, comment_count: 0, share_count: 0 }),
        ...stats,
      }),
    settings: state.settings,
    close: async () => {
      await front.close();
      await server.close();
    },
  };
};
