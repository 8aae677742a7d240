import { randomBytes } from 'node:crypto';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';

/** The version in the fake's paths, as the adapter sends it (INSTAGRAM_GRAPH_VERSION). */
export const INSTAGRAM_FAKE_GRAPH_VERSION = 'v23.0';
const V = `/${INSTAGRAM_FAKE_GRAPH_VERSION}`;

export type InstagramAccount = { id: string; token: string };

/** What Instagram downloaded from a URL it was given. */
export type InstagramDownload = { url: string; contentType: string; bytes: Buffer };

export type InstagramContainer = {
  id: string;
  owner: string;
  media_type: 'IMAGE' | 'REELS';
  caption: string;
  image_url?: string;
  video_url?: string;
  cover_url?: string;
  alt_text?: string;
  share_to_feed?: string;
  downloads: InstagramDownload[];
  status_code: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  /** Status reads still answering IN_PROGRESS. */
  pollsLeft: number;
  /** What processing ends in. */
  outcome: 'FINISHED' | 'ERROR';
};

/** A published post, in Instagram's field names. */
export type InstagramMedia = {
  id: string;
  owner: string;
  caption: string;
  media_type: 'IMAGE' | 'VIDEO';
  media_product_type: 'FEED' | 'REELS';
  shortcode: string;
  permalink: string;
  /** Instagram's form, 2026-05-01T10:00:00+0000; tests may move it back to age a post. */
  timestamp: string;
  containerId: string;
};

/** A post's insights, in Instagram's metric names (`GET /{media-id}/insights?metric=…`). */
export type InstagramInsights = {
  views: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saved: number;
};

export type InstagramApiFakeOptions = {
  /** Accepts tokens issued elsewhere (the Instagram OAuth fake): the account id a token belongs to, or nothing. */
  trustTokens?: (token: string) => string | null | undefined;
  /** false: keep no record of the requests. */
  recordRequests?: boolean;
};

export type InstagramApiFake = {
  /** For the adapter's baseUrl (it adds /v23.0/…). */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Requests of one route: 'GET /v23.0/:account/content_publishing_limit', 'POST /v23.0/:account/media',
   * 'GET /v23.0/:account/media', 'POST /v23.0/:account/media_publish', 'GET /v23.0/:node' (a container or a post),
   * 'GET /v23.0/:node/insights'.
   */
  requestsTo: (route: string) => RecordedRequest[];
  /** A professional account whose token the fake accepts; other tokens get Graph error 190. */
  addAccount: (account?: { token?: string }) => InstagramAccount;
  containers: InstagramContainer[];
  /** Published posts, oldest first. */
  media: InstagramMedia[];
  /** What the post's insights answer from now on (metrics not given stay as they were, 0 at first). */
  setMetrics: (mediaId: string, insights: Partial<InstagramInsights>) => void;
  settings: {
    /** False: the token lacks instagram_business_manage_insights, so insights answer the Graph permission error (#10). */
    canReadInsights: boolean;
    /** Insights of a post seen fewer times than this answer "(#10) Not enough viewers for the media to show insights". */
    insightsViewersNeeded: number;
    /** A new container answers IN_PROGRESS to this many status reads before it ends. */
    containerPolls: number;
    /** How a container's processing ends: ERROR as for a video Instagram cannot transcode. */
    containerOutcome: 'FINISHED' | 'ERROR';
    /** The `status` text of a container that ended in ERROR. */
    containerErrorStatus: string;
    /** Posts an account may publish in 24 hours (Instagram: 50). */
    quotaTotal: number;
    /** How long Instagram waits for a medium to download. */
    downloadTimeoutMs: number;
    /** Captions read back without the @ of mentions, as Instagram answers apps whose user does not administer them. */
    hideMentionSigns: boolean;
    /** GET of a just-published post answers "does not exist" this many times (a failed read after publishing). */
    unreadableMediaReads: number;
  };
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

type GraphErrorFields = {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
  transient?: boolean;
};

const graphError = (status: number, fields: GraphErrorFields, headers?: Record<string, string>): FakeReply => ({
  status,
  headers,
  json: {
    error: {
      message: fields.message,
      type: fields.type ?? 'OAuthException',
      code: fields.code,
      ...(fields.subcode !== undefined && { error_subcode: fields.subcode }),
      is_transient: fields.transient ?? false,
      ...(fields.userTitle && { error_user_title: fields.userTitle }),
      ...(fields.userMessage && { error_user_msg: fields.userMessage }),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  },
});

const INVALID_TOKEN: GraphErrorFields = {
  message: 'Invalid OAuth access token - Cannot parse access token',
  code: 190,
};
const SCRIPTED: Record<number, GraphErrorFields> = {
  400: { message: 'Invalid parameter', code: 100 },
  401: INVALID_TOKEN,
  403: { message: '(#10) Application does not have permission for this action', code: 10 },
  404: { message: 'Unknown path components', code: 2500 },
  429: { message: '(#4) Application request limit reached', code: 4, transient: true },
  500: { message: 'An unknown error has occurred.', code: 1, transient: true },
  503: { message: '(#2) Service temporarily unavailable', code: 2, transient: true },
};

const doesNotExist = (method: string, id: string): FakeReply =>
  graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });
const missingParameter = (name: string) => graphError(400, { message: `The parameter ${name} is required`, code: 100 });

/** Graph takes parameters in the query string, a form body or JSON, and the token in any of them. */
export const graphParamsOf = (request: RecordedRequest): Record<string, string> => {
  const params: Record<string, string> = { ...request.query };
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(request.body.toString('utf8'))));
  } else if (request.json && typeof request.json === 'object') {
    for (const [name, value] of Object.entries(request.json)) params[name] = String(value);
  }
  return params;
};

/** Instagram's timestamp form: ISO 8601 with a +0000 offset and no milliseconds. */
const instagramTimestamp = (date: Date) => date.toISOString().replace(/\.\d+Z$/, '+0000');

const CONTAINER_FIELDS = new Set(['id', 'status_code', 'status']);
const MEDIA_FIELDS = new Set([
  'id',
  'caption',
  'media_type',
  'media_product_type',
  'shortcode',
  'permalink',
  'timestamp',
]);
const STATUS_TEXT: Record<InstagramContainer['status_code'], string> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  ERROR: '',
  EXPIRED: 'Expired: The container was not published within 24 hours and has expired.',
  PUBLISHED: 'Published: Media has been published.',
};

/**
 * A loopback Instagram API with Instagram Login (graph.instagram.com) for what the adapter uses: the publishing
 * limit, media containers — for which it really downloads the image, video and cover from the URLs it is given, as
 * Instagram does — their status, publishing, reading a post, its insights and listing an account's posts, with Graph error bodies
 * (190 for an unknown token, 9004/2207052 for a failed download, 9007/2207027 for an unfinished container, 9/2207042
 * over the posts-per-day limit). It records every request and lets tests script failures, hangs and dropped
 * connections per route.
 */
export const startInstagramApiFake = async ({
  trustTokens,
  recordRequests,
}: InstagramApiFakeOptions = {}): Promise<InstagramApiFake> => {
  const tokens = new Map<string, string>();
  const containers: InstagramContainer[] = [];
  const media: InstagramMedia[] = [];
  const settings: InstagramApiFake['settings'] = {
    containerPolls: 0,
    containerOutcome: 'FINISHED',
    containerErrorStatus:
      'Error: Unsupported format: The video format is not supported. Please check spec for supported video formats.',
    quotaTotal: 50,
    downloadTimeoutMs: 5000,
    hideMentionSigns: true,
    unreadableMediaReads: 0,
    canReadInsights: true,
    insightsViewersNeeded: 0,
  };
  let nextAccount = 17_841_400_000_000_000n;
  let nextContainer = 17_900_000_000_000_000n;
  let nextMedia = 18_000_000_000_000_000n;

  const accountOf = (request: RecordedRequest, params: Record<string, string>) => {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? params.access_token ?? '';
    return tokens.get(token) ?? trustTokens?.(token) ?? undefined;
  };
  const postsInLastDay = (account: string, since = Date.now() - 86_400_000) =>
    media.filter((post) => post.owner === account && Date.parse(post.timestamp) >= since).length;

  /** Every call needs a known token; the `:account` in a path must be the token's own. */
  const graph =
    (
      handle: (
        context: RouteContext,
        account: string,
        params: Record<string, string>,
      ) => Promise<FakeReply> | FakeReply,
    ) =>
    (context: RouteContext) => {
      const params = graphParamsOf(context.request);
      const account = accountOf(context.request, params);
      if (!account) return graphError(401, INVALID_TOKEN);
      if (context.params.account !== undefined && context.params.account !== account) {
        return doesNotExist(context.request.method, context.params.account);
      }
      return handle(context, account, params);
    };

  const fieldsOf = (params: Record<string, string>, allowed: Set<string>, nodeType: string) => {
    const fields = (params.fields ?? 'id').split(',').filter(Boolean);
    const unknown = fields.find((field) => !allowed.has(field));
    return unknown
      ? graphError(400, {
          message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (${nodeType})`,
          code: 100,
        })
      : fields;
  };
  const pick = (record: Record<string, unknown>, fields: string[]) =>
    Object.fromEntries(
      ['id', ...fields].filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
    );
  const captionAsRead = (caption: string) => (settings.hideMentionSigns ? caption.replace(/@(?=[\w.])/g, '') : caption);
  const mediaAsRead = (post: InstagramMedia): Record<string, unknown> => ({
    ...post,
    caption: captionAsRead(post.caption) || undefined,
  });

  /** Instagram fetches the medium itself: a URL it cannot download fails the container. */
  const download = async (url: string): Promise<InstagramDownload | 'failed' | 'timed out'> => {
    try {
      const response = await fetch(new URL(url), { signal: AbortSignal.timeout(settings.downloadTimeoutMs) });
      if (!response.ok) return 'failed';
      const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      return { url, contentType, bytes: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      return (error as Error).name === 'TimeoutError' ? 'timed out' : 'failed';
    }
  };
  const downloadFailure = (url: string, outcome: 'failed' | 'timed out') =>
    outcome === 'timed out'
      ? graphError(400, {
          message: 'Timeout downloading media',
          code: -2,
          subcode: 2207003,
          userTitle: 'Timeout downloading media',
          userMessage: 'It takes too long to download the media.',
        })
      : graphError(400, {
          message: 'Only photo or video can be accepted as media type.',
          code: 9004,
          subcode: 2207052,
          userTitle: 'Media download has failed.',
          userMessage: `The media could not be fetched from this uri: ${url}`,
        });
  const unsupportedImage = () =>
    graphError(400, {
      message: 'The image format is not supported.',
      code: 36001,
      subcode: 2207005,
      userTitle: 'Unsupported image format',
      userMessage: 'The image format is not supported. Supported formats are: JPEG',
    });
  const unsupportedVideo = () =>
    graphError(400, {
      message: 'The video format is not supported.',
      code: 352,
      subcode: 2207026,
      userTitle: 'Unsupported video format',
      userMessage: 'The video format is not supported. Please check spec for supported formats.',
    });

  const createContainer = graph(async (_context, account, params) => {
    const mediaType = params.media_type ?? 'IMAGE';
    if (mediaType !== 'IMAGE' && mediaType !== 'REELS') {
      return graphError(400, { message: 'The media type is unknown', code: 100, subcode: 2207023 });
    }
    const mainUrl = mediaType === 'REELS' ? params.video_url : params.image_url;
    if (!mainUrl) return missingParameter(mediaType === 'REELS' ? 'video_url' : 'image_url');
    if ((params.caption ?? '').length > 2200) {
      return graphError(400, { message: 'The caption is too long.', code: 36004, subcode: 2207010 });
    }
    const downloads: InstagramDownload[] = [];
    for (const url of [mainUrl, ...(mediaType === 'REELS' && params.cover_url ? [params.cover_url] : [])]) {
      const downloaded = await download(url);
      if (typeof downloaded === 'string') return downloadFailure(url, downloaded);
      const isVideo = mediaType === 'REELS' && url === mainUrl;
      if (isVideo && !/^video\/(mp4|quicktime)$/.test(downloaded.contentType)) return unsupportedVideo();
      if (!isVideo && downloaded.contentType !== 'image/jpeg') return unsupportedImage();
      downloads.push(downloaded);
    }
    const container: InstagramContainer = {
      id: String((nextContainer += 1n)),
      owner: account,
      media_type: mediaType,
      caption: params.caption ?? '',
      ...(params.image_url && mediaType === 'IMAGE' && { image_url: params.image_url }),
      ...(params.video_url && mediaType === 'REELS' && { video_url: params.video_url }),
      ...(params.cover_url && mediaType === 'REELS' && { cover_url: params.cover_url }),
      ...(params.alt_text && mediaType === 'IMAGE' && { alt_text: params.alt_text }),
      ...(params.share_to_feed && { share_to_feed: params.share_to_feed }),
      downloads,
      status_code: settings.containerPolls > 0 ? 'IN_PROGRESS' : settings.containerOutcome,
      pollsLeft: settings.containerPolls,
      outcome: settings.containerOutcome,
    };
    containers.push(container);
    return { status: 200, json: { id: container.id } };
  });

  const readContainer = (container: InstagramContainer, params: Record<string, string>): FakeReply => {
    const fields = fieldsOf(params, CONTAINER_FIELDS, 'ShadowIGMediaBuilder');
    if (!Array.isArray(fields)) return fields;
    if (container.status_code === 'IN_PROGRESS') {
      if (container.pollsLeft > 0) container.pollsLeft -= 1;
      else container.status_code = container.outcome;
    }
    const status =
      container.status_code === 'ERROR' ? settings.containerErrorStatus : STATUS_TEXT[container.status_code];
    return { status: 200, json: pick({ id: container.id, status_code: container.status_code, status }, fields) };
  };

  const readNode = graph(({ request, params: path }, account, params) => {
    const id = path.node ?? '';
    const container = containers.find((candidate) => candidate.id === id && candidate.owner === account);
    if (container) return readContainer(container, params);
    const post = media.find((candidate) => candidate.id === id && candidate.owner === account);
    if (!post || settings.unreadableMediaReads > 0) {
      if (post) settings.unreadableMediaReads -= 1;
      return doesNotExist(request.method, id);
    }
    const fields = fieldsOf(params, MEDIA_FIELDS, 'IGMedia');
    return Array.isArray(fields) ? { status: 200, json: pick(mediaAsRead(post), fields) } : fields;
  });

  const publish = graph((_context, account, params) => {
    if (!params.creation_id) return missingParameter('creation_id');
    const container = containers.find(
      (candidate) => candidate.id === params.creation_id && candidate.owner === account,
    );
    // A container already published, or expired, is gone for publishing: Instagram answers as for an unknown one.
    if (!container || container.status_code === 'PUBLISHED' || container.status_code === 'EXPIRED') {
      return graphError(400, {
        message: `The media builder with creation id = ${params.creation_id} does not exist or has been expired.`,
        code: 24,
        subcode: 2207008,
      });
    }
    if (container.status_code !== 'FINISHED') {
      return graphError(400, {
        message: 'Media ID is not available',
        code: 9007,
        subcode: 2207027,
        userTitle: 'Media not ready for publishing',
        userMessage: 'The media is not ready for publishing, please wait for a moment',
      });
    }
    if (postsInLastDay(account) >= settings.quotaTotal) {
      return graphError(400, {
        message: 'Max. number of posts reached',
        code: 9,
        subcode: 2207042,
        userTitle: 'Max. number of posts reached',
        userMessage: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
      });
    }
    const shortcode = randomBytes(8).toString('base64url');
    const isReel = container.media_type === 'REELS';
    const post: InstagramMedia = {
      id: String((nextMedia += 1n)),
      owner: account,
      caption: container.caption,
      media_type: isReel ? 'VIDEO' : 'IMAGE',
      media_product_type: isReel ? 'REELS' : 'FEED',
      shortcode,
      permalink: `https://www.instagram.com/${isReel ? 'reel' : 'p'}/${shortcode}/`,
      timestamp: instagramTimestamp(new Date()),
      containerId: container.id,
    };
    container.status_code = 'PUBLISHED';
    media.push(post);
    return { status: 200, json: { id: post.id } };
  });

  const listMedia = graph((_context, account, params) => {
    const fields = fieldsOf(params, MEDIA_FIELDS, 'IGMedia');
    if (!Array.isArray(fields)) return fields;
    const limit = Math.min(Math.max(Number(params.limit ?? 25) || 25, 1), 100);
    const newestFirst = media
      .filter((post) => post.owner === account)
      .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || Number(BigInt(b.id) - BigInt(a.id)));
    const data = newestFirst.slice(0, limit).map((post) => pick(mediaAsRead(post), fields));
    return { status: 200, json: { data } };
  });

  const insights = new Map<string, InstagramInsights>();
  const insightsOf = (mediaId: string): InstagramInsights =>
    insights.get(mediaId) ?? { views: 0, reach: 0, likes: 0, comments: 0, shares: 0, saved: 0 };
  const INSIGHT_TITLES: Record<keyof InstagramInsights, string> = {
    views: 'Views',
    reach: 'Accounts reached',
    likes: 'Likes',
    comments: 'Comments',
    shares: 'Shares',
    saved: 'Saved',
  };

  /** A post's lifetime insights, one entry per metric asked, as Instagram answers them. */
  const readInsights = graph(({ request, params: path }, account, params) => {
    const id = path.node ?? '';
    const post = media.find((candidate) => candidate.id === id && candidate.owner === account);
    if (!post) return doesNotExist(request.method, id);
    if (!settings.canReadInsights)
      return graphError(403, { message: '(#10) Application does not have permission for this action', code: 10 });
    const names = (params.metric ?? '').split(',').filter(Boolean);
    const unknown = names.find((name) => !(name in INSIGHT_TITLES));
    if (names.length === 0 || unknown !== undefined) {
      return graphError(400, {
        message: `(#100) metric[0] must be one of the following values: ${Object.keys(INSIGHT_TITLES).join(', ')}`,
        code: 100,
      });
    }
    const counts = insightsOf(id);
    if (counts.views < settings.insightsViewersNeeded)
      return graphError(400, { message: '(#10) Not enough viewers for the media to show insights', code: 10 });
    const data = names.map((name) => {
      const metric = name as keyof InstagramInsights;
      return {
        name: metric,
        period: 'lifetime',
        values: [{ value: counts[metric] }],
        title: INSIGHT_TITLES[metric],
        description: '',
        id: `${id}/insights/${metric}/lifetime`,
      };
    });
    return { status: 200, json: { data } };
  });

  const publishingLimit = graph((_context, account, params) => {
    const fields = (params.fields ?? 'quota_usage').split(',');
    // `since` may reach back at most 24 hours.
    const since = Math.max(Number(params.since ?? 0) * 1000, Date.now() - 86_400_000);
    const usage = postsInLastDay(account, since);
    const entry = {
      ...(fields.includes('quota_usage') && { quota_usage: usage }),
      ...(fields.includes('config') && { config: { quota_total: settings.quotaTotal, quota_duration: 86_400 } }),
    };
    return { status: 200, json: { data: [entry] } };
  });

  const routes: Route[] = [
    { method: 'GET', pattern: `${V}/:account/content_publishing_limit`, handle: publishingLimit },
    { method: 'POST', pattern: `${V}/:account/media`, handle: createContainer },
    { method: 'GET', pattern: `${V}/:account/media`, handle: listMedia },
    { method: 'POST', pattern: `${V}/:account/media_publish`, handle: publish },
    { method: 'GET', pattern: `${V}/:node/insights`, handle: readInsights },
    { method: 'GET', pattern: `${V}/:node`, handle: readNode },
  ];

  const server = await startPlatformFakeServer({
    routes,
    recordRequests,
    notFound: () => graphError(400, { message: 'Unknown path components', code: 2500 }),
    errorReply: (status, retryAfterSeconds) => {
      // Instagram says when access returns in its Business Use Case header, in minutes, not in Retry-After.
      const headers =
        retryAfterSeconds === undefined
          ? undefined
          : {
              'x-business-use-case-usage': JSON.stringify({
                '17841400000000000': [
                  {
                    type: 'instagram',
                    call_count: 100,
                    total_cputime: 12,
                    total_time: 15,
                    estimated_time_to_regain_access: Math.ceil(retryAfterSeconds / 60),
                  },
                ],
              }),
            };
      return graphError(status, SCRIPTED[status] ?? { message: `Error ${status}`, code: 1 }, headers);
    },
  });

  return {
    ...server,
    containers,
    media,
    settings,
    setMetrics: (mediaId, counts) => void insights.set(mediaId, { ...insightsOf(mediaId), ...counts }),
    addAccount: ({ token = `ig-token-${randomBytes(12).toString('hex')}` } = {}) => {
      const id = String((nextAccount += 1n));
      tokens.set(token, id);
      return { id, token };
    },
  };
};
