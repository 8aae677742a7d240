import type { FakeReply, RecordedRequest } from './platform-fake-kit.ts';

export type MastodonFakeAccount = { id: string; username: string; displayName: string; token: string };
export type MastodonFakeApp = {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  website?: string;
};
export type MastodonFakeMedia = {
  id: string;
  accountId: string;
  kind: 'image' | 'video';
  contentType?: string;
  filename?: string;
  description?: string;
  bytes: Buffer;
  /** How many more times `GET /api/v1/media/:id` answers 206 before the medium is processed. */
  pollsLeft: number;
  statusId?: string;
};
export type MastodonFakeStatus = {
  id: string;
  accountId: string;
  /** As posted (Mastodon's `text` source); `content` is its HTML. */
  text: string;
  content: string;
  visibility: string;
  inReplyToId: string | null;
  media: MastodonFakeMedia[];
  idempotencyKey?: string;
  createdAt: Date;
  counts: { favourites: number; reblogs: number; replies: number };
};

/** Each route as the platform fake kit names it, for requestsTo and failNext. */
export const MASTODON_ROUTES = {
  apps: 'POST /api/v1/apps',
  token: 'POST /oauth/token',
  revoke: 'POST /oauth/revoke',
  verifyCredentials: 'GET /api/v1/accounts/verify_credentials',
  instance: 'GET /api/v2/instance',
  uploadMedia: 'POST /api/v2/media',
  media: 'GET /api/v1/media/:id',
  postStatus: 'POST /api/v1/statuses',
  statuses: 'GET /api/v1/statuses',
  status: 'GET /api/v1/statuses/:id',
  deleteStatus: 'DELETE /api/v1/statuses/:id',
  accountStatuses: 'GET /api/v1/accounts/:id/statuses',
};

export type MastodonFakeSettings = {
  maxCharacters: number;
  charactersReservedPerUrl: number;
  maxMediaAttachments: number;
  imageSizeLimit: number;
  videoSizeLimit: number;
  supportedMimeTypes: string[];
  /** How many polls a video answers 206 before it is processed (images are processed at once, as on 4.0+). */
  videoProcessingPolls: number;
  /** The next uploaded video fails processing (`GET /api/v1/media/:id` answers 422). */
  failVideoProcessing: boolean;
  /** false: an instance before 4.3, without `GET /api/v1/statuses?id[]=` (it answers 404). */
  batchStatuses: boolean;
};

export const error = (status: number, message: string): FakeReply => ({ status, json: { error: message } });
export const oauthError = (status: number, code: string, description: string): FakeReply => ({
  status,
  json: { error: code, error_description: description },
});
export const invalidToken = () => error(401, 'The access token is invalid');
export const notFound = () => error(404, 'Record not found');

/** A 429 as Mastodon's rate limiter answers it: no Retry-After, the reset as an ISO 8601 time. */
export const rateLimited = (retryAfterSeconds: number): FakeReply => ({
  status: 429,
  headers: {
    'x-ratelimit-limit': '300',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': new Date(Date.now() + retryAfterSeconds * 1000).toISOString(),
  },
  json: { error: 'Too many requests' },
});

export const SCRIPTED: Record<number, () => FakeReply> = {
  401: invalidToken,
  403: () => error(403, 'This action is outside the authorized scopes'),
  404: notFound,
  422: () => error(422, 'Validation failed: Text character limit of 500 exceeded'),
};

/** The fields of a JSON, form-urlencoded or multipart body, as Rails reads any of them. */
export const fieldsOf = (request: RecordedRequest): Record<string, unknown> => {
  if (request.json && typeof request.json === 'object') return request.json as Record<string, unknown>;
  if (request.parts)
    return Object.fromEntries(
      request.parts.flatMap((part) => (part.value === undefined ? [] : [[part.name, part.value]])),
    );
  return Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
};

const segmenter = new Intl.Segmenter();
/** Mastodon's count, word by word: a link as the instance's reserved characters, `@user@domain` as `@user`. */
export const countedLength = (text: string, perUrl: number) =>
  text
    .split(/(\s+)/)
    .reduce(
      (total, word) =>
        total +
        (/^https?:\/\//.test(word) ? perUrl : [...segmenter.segment(word.replace(/^(@\w+)@[\w.-]+$/, '$1'))].length),
      0,
    );

let sequence = 0;
/** Ids as Mastodon makes them: digits growing with time. */
export const nextId = () => `${Date.now()}${String((sequence += 1) % 1000).padStart(3, '0')}`;

/** A status as the browser tests' control route lists it: what was posted, and its media by size. */
export const statusControlJson = ({
  id,
  accountId,
  text,
  visibility,
  inReplyToId,
  idempotencyKey,
  media,
}: MastodonFakeStatus) => ({
  id,
  accountId,
  text,
  visibility,
  inReplyToId,
  idempotencyKey: idempotencyKey ?? null,
  media: media.map(({ id: mediaId, kind, contentType, description, bytes }) => ({
    id: mediaId,
    kind,
    contentType,
    description: description ?? null,
    bytes: bytes.length,
  })),
});
