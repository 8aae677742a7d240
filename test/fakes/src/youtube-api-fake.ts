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

export type YouTubeChannel = { id: string; token: string };
export type YouTubePrivacy = 'public' | 'unlisted' | 'private';
export type YouTubeVideo = {
  /** 11 characters, as YouTube's video ids. */
  id: string;
  channelId: string;
  title: string;
  description: string;
  categoryId: string;
  privacyStatus: YouTubePrivacy;
  selfDeclaredMadeForKids: boolean;
  /** ISO 8601: when the upload completed (also the uploads playlist item's publishedAt). */
  publishedAt: string;
  /** X-Upload-Content-Type of the session. */
  contentType: string;
  /** Every byte the session received, in order, across its requests. */
  bytes: Buffer;
};
type UploadSession = {
  id: string;
  channelId: string;
  metadata: Omit<YouTubeVideo, 'id' | 'channelId' | 'publishedAt' | 'bytes' | 'contentType'>;
  contentType: string;
  totalBytes: number;
  received: Buffer;
  video?: YouTubeVideo;
};

/** A video's statistics (counts; the API answers them as strings). `likeCount` null: the channel hides its likes. */
export type YouTubeStatistics = { viewCount: number; likeCount: number | null; commentCount: number };

export type YouTubeApiFake = {
  /** For the adapter's baseUrl: it serves /youtube/v3/… and /upload/youtube/v3/… as www.googleapis.com does. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Requests of one route: 'POST /upload/youtube/v3/videos' (session creation), 'PUT /upload/youtube/v3/videos'
   * (bytes and status queries), 'GET /youtube/v3/channels', 'GET /youtube/v3/playlistItems',
   * 'DELETE /youtube/v3/videos', 'GET /youtube/v3/videos'.
   */
  requestsTo: (route: string) => RecordedRequest[];
  /** A channel whose access token the fake accepts; other tokens get 401. */
  addChannel: (channel?: { token?: string }) => YouTubeChannel;
  /** The videos YouTube holds now, oldest first; a deleted video leaves the list. */
  videos: YouTubeVideo[];
  /** What videos.list answers as the video's statistics from now on (counts not given stay as they were, 0 at first). */
  setMetrics: (videoId: string, statistics: Partial<YouTubeStatistics>) => void;
  settings: {
    /** Session creations left today; at 0 they answer 403 quotaExceeded. Default unlimited. */
    dailyUploadsLeft: number;
  };
  /**
   * The next upload PUT keeps only its first `keptBytes` bytes and then loses its connection, as an upload cut
   * midway: a status query afterwards answers 308 with `Range: bytes=0-<keptBytes - 1>`.
   */
  cutNextUpload: (keptBytes: number) => void;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

export type YouTubeApiFakeOptions = {
  /** Accepts tokens issued elsewhere (the Google OAuth fake): the channel id a token belongs to, or undefined. */
  trustTokens?: (token: string) => string | undefined;
  /** false: keep no record of the requests. */
  recordRequests?: boolean;
};

/** Google's error body: `{ error: { code, message, errors: [{ message, domain, reason }] } }`. */
export const youTubeErrorBody = (status: number, reason: string, message: string, domain = 'youtube.api') => ({
  error: { code: status, message, errors: [{ message, domain, reason }] },
});
const googleError = (status: number, reason: string, message: string, domain?: string): FakeReply => ({
  status,
  json: youTubeErrorBody(status, reason, message, domain),
});
const unauthorized = () =>
  googleError(
    401,
    'authError',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    'global',
  );
const SCRIPTED: Record<number, [string, string]> = {
  400: ['badRequest', 'Bad Request'],
  401: ['authError', 'Invalid Credentials'],
  403: ['forbidden', 'The request is not properly authorized.'],
  404: ['notFound', 'Not Found'],
  410: ['gone', 'The upload session no longer exists.'],
  429: ['rateLimitExceeded', 'Too many requests.'],
  500: ['backendError', 'Backend Error'],
  503: ['backendError', 'The service is currently unavailable.'],
};

const UPLOAD_PIECE = 256 * 1024;
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const CATEGORIES = new Set(['1', '2', '10', '15', '17', '19', '20', '22', '23', '24', '25', '26', '27', '28', '29']);
const PRIVACY = new Set(['public', 'unlisted', 'private']);

type Metadata = {
  snippet?: { title?: unknown; description?: unknown; categoryId?: unknown };
  status?: { privacyStatus?: unknown; selfDeclaredMadeForKids?: unknown };
};

/** What YouTube refuses in a video's snippet and status, as its videos.insert errors say; undefined when valid. */
const metadataError = ({ snippet = {}, status = {} }: Metadata): FakeReply | undefined => {
  const { title, description = '', categoryId } = snippet;
  if (typeof title !== 'string' || title.trim() === '' || [...title].length > TITLE_MAX || /[<>]/.test(title))
    return googleError(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  if (
    typeof description !== 'string' ||
    Buffer.byteLength(description) > DESCRIPTION_MAX_BYTES ||
    /[<>]/.test(description)
  )
    return googleError(400, 'invalidDescription', 'The request metadata specifies an invalid video description.');
  if (typeof categoryId !== 'string' || !CATEGORIES.has(categoryId))
    return googleError(400, 'invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
  if (status.privacyStatus !== undefined && !PRIVACY.has(String(status.privacyStatus)))
    return googleError(400, 'invalidVideoMetadata', 'The request metadata is invalid.');
  return undefined;
};

/** `bytes 0-99/200` → a range; `bytes *` + `/200` → a status query; absent → the whole file in one request. */
const parseContentRange = (header: unknown) => {
  const value = String(header ?? '');
  const query = /^bytes \*\/(\d+)$/.exec(value);
  if (query) return { kind: 'query' as const, total: Number(query[1]) };
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value);
  if (range)
    return { kind: 'range' as const, first: Number(range[1]), last: Number(range[2]), total: Number(range[3]) };
  return value === '' ? { kind: 'whole' as const } : undefined;
};

/**
 * A loopback YouTube Data API v3 for what the adapter uses: resumable video uploads done for real (the session,
 * pieces with Content-Range answered 308 + Range, the status query, completion creating the video), a channel's
 * uploads playlist (newest first; 404 playlistNotFound while the channel has no videos, as YouTube answers),
 * videos.list with their statistics, and deleting videos. Google's error bodies, a daily upload quota, uploads cut midway, and the kit's scripted failures,
 * hangs and dropped connections per route.
 */
export const startYouTubeApiFake = async ({
  trustTokens,
  recordRequests,
}: YouTubeApiFakeOptions = {}): Promise<YouTubeApiFake> => {
  const tokens = new Map<string, string>();
  /** Every channel that has shown a token (added, or trusted and used): the channels YouTube knows. */
  const channels = new Set<string>();
  const channelOf = (authorization: unknown) => {
    const token = /^Bearer (.+)$/.exec(String(authorization ?? ''))?.[1] ?? '';
    return tokens.get(token) ?? trustTokens?.(token);
  };
  const videos: YouTubeVideo[] = [];
  const sessions = new Map<string, UploadSession>();
  const settings: YouTubeApiFake['settings'] = { dailyUploadsLeft: Number.POSITIVE_INFINITY };
  let keptBytesOfNextUpload: number | undefined;

  const authorized =
    (handle: (context: RouteContext, channelId: string) => FakeReply) =>
    (context: RouteContext): FakeReply => {
      const channelId = channelOf(context.request.headers.authorization);
      if (!channelId) return unauthorized();
      channels.add(channelId);
      return handle(context, channelId);
    };

  const uploadsPlaylistOf = (channelId: string) => `UU${channelId.slice(2)}`;
  const resourceOf = (video: YouTubeVideo) => ({
    kind: 'youtube#video',
    etag: randomBytes(8).toString('base64url'),
    id: video.id,
    snippet: {
      publishedAt: video.publishedAt,
      channelId: video.channelId,
      title: video.title,
      description: video.description,
      categoryId: video.categoryId,
      liveBroadcastContent: 'none',
    },
    status: {
      uploadStatus: 'uploaded',
      privacyStatus: video.privacyStatus,
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      selfDeclaredMadeForKids: video.selfDeclaredMadeForKids,
    },
  });

  const startSession = authorized(({ request }, channelId) => {
    if (request.query.uploadType !== 'resumable')
      return googleError(400, 'badRequest', 'This fake takes resumable uploads only (uploadType=resumable).');
    if (!request.query.part) return googleError(400, 'required', 'Required parameter: part', 'global');
    const totalBytes = Number(request.headers['x-upload-content-length']);
    if (!Number.isSafeInteger(totalBytes) || totalBytes <= 0)
      return googleError(400, 'badRequest', 'X-Upload-Content-Length must give the size of the video.');
    const metadata = (request.json ?? {}) as Metadata;
    const invalid = metadataError(metadata);
    if (invalid) return invalid;
    if (settings.dailyUploadsLeft <= 0) {
      return googleError(
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        'youtube.quota',
      );
    }
    settings.dailyUploadsLeft -= 1;
    const session: UploadSession = {
      id: randomBytes(18).toString('base64url'),
      channelId,
      metadata: {
        title: String(metadata.snippet?.title),
        description: String(metadata.snippet?.description ?? ''),
        categoryId: String(metadata.snippet?.categoryId),
        privacyStatus: (metadata.status?.privacyStatus ?? 'public') as YouTubePrivacy,
        selfDeclaredMadeForKids: metadata.status?.selfDeclaredMadeForKids === true,
      },
      contentType: String(request.headers['x-upload-content-type'] ?? 'application/octet-stream'),
      totalBytes,
      received: Buffer.alloc(0),
    };
    sessions.set(session.id, session);
    // On the host the client called, as YouTube's session URLs are on www.googleapis.com.
    const location = `http://${request.headers.host}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${session.id}`;
    return { status: 200, headers: { location } };
  });

  const sessionState = (session: UploadSession): FakeReply => {
    if (session.video) return { status: 200, json: resourceOf(session.video) };
    const { length } = session.received;
    // 308 Resume Incomplete; without a Range header nothing has arrived.
    return { status: 308, headers: length > 0 ? { range: `bytes=0-${length - 1}` } : {} };
  };

  /** The session URL is the credential, as on YouTube: the upload_id, not a token, names the upload. */
  const receiveBytes = ({ request }: RouteContext): FakeReply => {
    const session = sessions.get(request.query.upload_id ?? '');
    if (!session) return googleError(404, 'notFound', 'The upload session does not exist or has expired.');
    const range = parseContentRange(request.headers['content-range']);
    if (!range) return googleError(400, 'badRequest', `Unparseable Content-Range: ${request.headers['content-range']}`);
    if (range.kind === 'query') {
      if (request.bodyBytes > 0 || range.total !== session.totalBytes)
        return googleError(400, 'badRequest', 'A status query has no body and names the total size.');
      return sessionState(session);
    }
    if (session.video) return sessionState(session);
    const { first, last, total } =
      range.kind === 'range' ? range : { first: 0, last: request.bodyBytes - 1, total: session.totalBytes };
    if (total !== session.totalBytes || last - first + 1 !== request.bodyBytes || last >= total)
      return googleError(400, 'badRequest', 'Content-Range does not match the body or the declared size.');
    if (first > session.received.length)
      return googleError(400, 'badRequest', `The upload has ${session.received.length} bytes; ${first} skips some.`);
    if (last + 1 < total && request.bodyBytes % UPLOAD_PIECE !== 0)
      return googleError(400, 'badRequest', 'Every piece but the last must be a multiple of 256 KiB.');

    const fresh = request.body.subarray(session.received.length - first);
    const kept = keptBytesOfNextUpload === undefined ? fresh : fresh.subarray(0, keptBytesOfNextUpload);
    keptBytesOfNextUpload = undefined;
    session.received = Buffer.concat([session.received, kept]);
    if (session.received.length === session.totalBytes) {
      session.video = {
        ...session.metadata,
        id: randomBytes(8).toString('base64url'),
        channelId: session.channelId,
        publishedAt: new Date().toISOString(),
        contentType: session.contentType,
        bytes: session.received,
      };
      videos.push(session.video);
    }
    return sessionState(session);
  };

  const listChannels = authorized(({ request }) => {
    const ids = (request.query.id ?? '').split(',').filter(Boolean);
    const items = ids
      .filter((id) => channels.has(id))
      .map((id) => ({
        kind: 'youtube#channel',
        id,
        ...(request.query.part?.split(',').includes('contentDetails') && {
          contentDetails: { relatedPlaylists: { likes: '', uploads: uploadsPlaylistOf(id) } },
        }),
      }));
    return {
      status: 200,
      json: { kind: 'youtube#channelListResponse', pageInfo: { totalResults: items.length }, items },
    };
  });

  const listPlaylistItems = authorized(({ request }, viewer) => {
    const playlistId = request.query.playlistId ?? '';
    const maxResults = Math.min(Number(request.query.maxResults ?? 5), 50);
    // Another channel's private and unlisted uploads are not listed to this viewer.
    const uploads = videos
      .filter((video) => uploadsPlaylistOf(video.channelId) === playlistId)
      .filter((video) => video.channelId === viewer || video.privacyStatus === 'public')
      .reverse();
    if (uploads.length === 0) {
      return googleError(
        404,
        'playlistNotFound',
        "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        'youtube.playlistItem',
      );
    }
    const items = uploads.slice(0, maxResults).map((video, position) => ({
      kind: 'youtube#playlistItem',
      id: randomBytes(12).toString('base64url'),
      snippet: {
        publishedAt: video.publishedAt,
        channelId: video.channelId,
        title: video.title,
        description: video.description,
        playlistId,
        position,
        resourceId: { kind: 'youtube#video', videoId: video.id },
        videoOwnerChannelId: video.channelId,
      },
    }));
    return {
      status: 200,
      json: { kind: 'youtube#playlistItemListResponse', pageInfo: { totalResults: uploads.length }, items },
    };
  });

  const statistics = new Map<string, YouTubeStatistics>();
  const statisticsOf = (videoId: string) => statistics.get(videoId) ?? { viewCount: 0, likeCount: 0, commentCount: 0 };

  /** videos.list by id (up to 50): the videos this viewer may see, with the parts asked; unknown ids are not listed. */
  const listVideos = authorized(({ request }, viewer) => {
    const parts = (request.query.part ?? '').split(',').filter(Boolean);
    if (parts.length === 0) return googleError(400, 'required', 'Required parameter: part', 'global');
    const ids = (request.query.id ?? '').split(',').filter(Boolean);
    if (ids.length === 0)
      return googleError(400, 'missingRequiredParameter', 'No filter selected.', 'youtube.parameter');
    if (ids.length > 50)
      return googleError(400, 'invalidParameter', 'The request specifies more than 50 video IDs.', 'youtube.parameter');
    if (request.query.maxResults !== undefined)
      return googleError(
        400,
        'unsupportedParameter',
        'maxResults is not supported with the id filter.',
        'youtube.parameter',
      );
    const items = ids
      .map((id) => videos.find((video) => video.id === id))
      .filter((video) => video !== undefined)
      .filter((video) => video.channelId === viewer || video.privacyStatus !== 'private')
      .map((video) => {
        const counts = statisticsOf(video.id);
        return {
          kind: 'youtube#video',
          etag: randomBytes(8).toString('base64url'),
          id: video.id,
          ...(parts.includes('snippet') && { snippet: resourceOf(video).snippet }),
          ...(parts.includes('status') && { status: resourceOf(video).status }),
          ...(parts.includes('statistics') && {
            statistics: {
              viewCount: String(counts.viewCount),
              ...(counts.likeCount !== null && { likeCount: String(counts.likeCount) }),
              favoriteCount: '0',
              commentCount: String(counts.commentCount),
            },
          }),
        };
      });
    return {
      status: 200,
      json: {
        kind: 'youtube#videoListResponse',
        etag: randomBytes(8).toString('base64url'),
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      },
    };
  });

  const deleteVideo = authorized(({ request }, channelId) => {
    const index = videos.findIndex((video) => video.id === request.query.id);
    const video = videos[index];
    if (!video) return googleError(404, 'videoNotFound', 'The video that you are trying to delete cannot be found.');
    if (video.channelId !== channelId) {
      return googleError(
        403,
        'forbidden',
        'The video that you are trying to delete cannot be deleted. The request might not be properly authorized.',
      );
    }
    videos.splice(index, 1);
    return { status: 204 };
  });

  const routes: Route[] = [
    { method: 'POST', pattern: '/upload/youtube/v3/videos', handle: startSession },
    { method: 'PUT', pattern: '/upload/youtube/v3/videos', handle: receiveBytes },
    { method: 'GET', pattern: '/youtube/v3/channels', handle: listChannels },
    { method: 'GET', pattern: '/youtube/v3/playlistItems', handle: listPlaylistItems },
    { method: 'DELETE', pattern: '/youtube/v3/videos', handle: deleteVideo },
    { method: 'GET', pattern: '/youtube/v3/videos', handle: listVideos },
  ];

  const server = await startPlatformFakeServer({
    routes,
    recordRequests,
    notFound: (request) => googleError(404, 'notFound', `Not Found: ${request.method} ${request.path}`, 'global'),
    errorReply: (status, retryAfterSeconds) => {
      const [reason, message] = SCRIPTED[status] ?? ['error', `Error ${status}`];
      const reply = googleError(status, reason, message, 'global');
      return retryAfterSeconds === undefined
        ? reply
        : { ...reply, headers: { 'retry-after': String(retryAfterSeconds) } };
    },
  });

  return {
    ...server,
    videos,
    settings,
    setMetrics: (videoId, counts) => void statistics.set(videoId, { ...statisticsOf(videoId), ...counts }),
    cutNextUpload: (keptBytes) => {
      keptBytesOfNextUpload = keptBytes;
      server.dropNext('PUT /upload/youtube/v3/videos', { afterAccept: true });
    },
    addChannel: ({ token = `yt-token-${randomBytes(12).toString('hex')}` } = {}) => {
      const id = `UC${randomBytes(16).toString('base64url')}`;
      tokens.set(token, id);
      channels.add(id);
      return { id, token };
    },
  };
};
