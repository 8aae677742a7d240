import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';
import { PlatformError } from '../common/platform.ts';

/** Mastodon's error answer: `{ "error": "…" }`, with OAuth's `error_description` beside it on some routes. */
type MastodonErrorBody = { error?: unknown; error_description?: unknown };

export const mastodonTokenRefused = (host: string) =>
  `Mastodon (${host}) refused the connection’s token: it was revoked, or the app was removed from the account’s settings. Connect Mastodon again to go on posting.`;

/** 403 "This action is outside the authorized scopes": the token lacks a permission this app asks for now. */
const OUTSIDE_SCOPES = /outside the authorized scopes/i;

/** Mastodon's own words, without a proxy's HTML page (a 502 from in front of an instance is one). */
const detailOf = (body: MastodonErrorBody) => {
  const words = typeof body.error_description === 'string' ? body.error_description : body.error;
  const detail = typeof words === 'string' ? words.trim() : '';
  return detail && !detail.startsWith('<') ? detail.slice(0, 300) : undefined;
};

/**
 * When a rate-limited account may call again. Mastodon's limiter (rack-attack) sends no Retry-After: its
 * `X-RateLimit-Reset` is an ISO 8601 time ("2026-03-01T12:35:00.123456Z"), which retryAtFromHeaders does not read
 * (it takes X's epoch seconds under other names), so it is read here; a Retry-After from a proxy still counts.
 */
export const mastodonRetryAt = (headers: Headers, now = new Date()) => {
  const reset = headers.get('x-ratelimit-reset')?.trim();
  const at = reset && /^\d{4}-\d{2}-\d{2}T/.test(reset) ? new Date(reset) : undefined;
  if (at && !Number.isNaN(at.getTime())) return at;
  return retryAtFromHeaders((name) => headers.get(name) ?? undefined, now);
};

export type MastodonNotFound = { reason: 'rejected' | 'reconnect_required'; message: string };

export type MastodonFailedAnswer = {
  status: number;
  body: unknown;
  headers: Headers;
  /** 'the post', 'the image upload', 'the request for the account’s recent posts'. */
  what: string;
  /** The instance's host, for messages: people may have accounts on several. */
  host: string;
  /** What a 404 means, when the caller knows (the post replied to is gone; the instance no longer runs there). */
  notFound?: MastodonNotFound;
};

/** A Mastodon error answer as a PlatformError, in words a person can act on. */
export const mastodonPlatformError = ({
  status,
  body,
  headers,
  what,
  host,
  notFound,
}: MastodonFailedAnswer): PlatformError => {
  const error = (body && typeof body === 'object' ? body : {}) as MastodonErrorBody;
  const detail = detailOf(error);
  if (status === 401 || (status === 403 && OUTSIDE_SCOPES.test(detail ?? '')))
    return new PlatformError('mastodon', 'permanent', 'reconnect_required', mastodonTokenRefused(host), { status });
  if (status === 404 && notFound)
    return new PlatformError('mastodon', 'permanent', notFound.reason, notFound.message, { status });
  if (status === 403)
    return new PlatformError(
      'mastodon',
      'permanent',
      'forbidden',
      `Mastodon (${host}) refused ${what} (403${detail ? `: ${detail.replace(/\.$/, '')}` : ''}): the account may be suspended, disabled or not yet confirmed there. Check the account on ${host}.`,
      { status },
    );
  const retryAt = status === 429 ? mastodonRetryAt(headers) : undefined;
  return platformErrorFromStatus({ platform: 'mastodon', name: 'Mastodon', what, status, detail, retryAt });
};
