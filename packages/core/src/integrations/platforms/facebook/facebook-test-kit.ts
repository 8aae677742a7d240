import { randomBytes } from 'node:crypto';
import type { FacebookApiFake } from '@agentcast/test-fakes/facebook-api-fake';
import type { RecordedRequest } from '@agentcast/test-fakes/platform-fake-kit';
import { createFacebookPlatform, type FacebookPlatformOptions } from './facebook-platform.ts';
import type { PlatformCredentials, PostMedia } from '../common/platform.ts';

/** The fake's routes, as `requestsTo` names them. */
export const ROUTES = {
  feed: 'POST /v27.0/:page/feed',
  photos: 'POST /v27.0/:page/photos',
  videos: 'POST /v27.0/:page/videos',
  posts: 'GET /v27.0/:page/posts',
  node: 'GET /v27.0/:node',
  remove: 'DELETE /v27.0/:node',
  batch: 'POST /v27.0/',
  comment: 'POST /v27.0/:node/comments',
  comments: 'GET /v27.0/:node/comments',
  accounts: 'GET /v27.0/me/accounts',
} as const;

/** The adapter against the fake, polling a video's processing quickly. */
export const facebookAgainst = (fake: FacebookApiFake, options: Partial<FacebookPlatformOptions> = {}) =>
  createFacebookPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, videoPollIntervalMs: 10, ...options });

/** A new Page of the fake and the credentials the adapter acts with. */
export const connectPage = (fake: FacebookApiFake, name?: string) => {
  const page = fake.addPage({ name });
  const credentials: PlatformCredentials = { accessToken: page.token, accountId: page.id };
  return { page, credentials };
};

export const formOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body.toString('utf8') ?? ''));

/** The text parts of a multipart request, and its file parts by name. */
export const partsOf = (request: RecordedRequest | undefined) => {
  const parts = request?.parts ?? [];
  return {
    fields: Object.fromEntries(parts.flatMap((part) => (part.value === undefined ? [] : [[part.name, part.value]]))),
    files: parts.filter((part) => part.bytes !== undefined),
  };
};

/** Media as a run makes them (bytes the fake keeps as they arrive; Facebook needs no public address). */
export const image = (overrides: Partial<PostMedia> = {}): PostMedia => ({
  kind: 'image',
  bytes: randomBytes(256),
  contentType: 'image/png',
  altText: 'The key line on a card',
  ...overrides,
});
export const video = (): PostMedia => ({ kind: 'video', bytes: randomBytes(4096), contentType: 'video/mp4' });
