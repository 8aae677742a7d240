import { randomBytes } from 'node:crypto';
import type { FakeReply } from './platform-fake-kit.ts';

/** TikTok's log_id: a timestamp and hex, as its support asks for it. */
const logId = () =>
  `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(9).toString('hex').toUpperCase()}`;

/** The body of a TikTok v2 failure: `{ data: {}, error: { code, message, log_id } }`. */
export const tiktokErrorBody = (code: string, message: string) => ({
  data: {},
  error: { code, message, log_id: logId() },
});

export const tiktokOk = (data: unknown): FakeReply => ({
  status: 200,
  json: { data, error: { code: 'ok', message: '', log_id: logId() } },
});

export const tiktokError = (status: number, code: string, message: string): FakeReply => ({
  status,
  json: tiktokErrorBody(code, message),
});

export const invalidParam = (message: string) => tiktokError(400, 'invalid_param', message);

/** The standard body of a scripted failure of this status (failNext without a body). */
export const scriptedTikTokError = (status: number): FakeReply => {
  if (status === 401)
    return tiktokError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
  if (status === 429) return tiktokError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded.');
  if (status >= 500) return tiktokError(status, 'internal_error', 'Something went wrong. Please try again later.');
  return tiktokError(status, 'invalid_params', 'One or more fields in the request are invalid.');
};

const INT64_MARK = '\u0000int64:';

/**
 * An int64 as TikTok writes it, a bare JSON number (publicaly_available_post_id). JSON.stringify cannot write one
 * past 2^53 exactly, so the fake writes this marker and its front (tiktok-fake-int64-front.ts) turns it into digits.
 */
export const int64 = (digits: string) => `${INT64_MARK}${digits}`;

/** The marker as JSON.stringify writes it, to be replaced by its digits. */
export const INT64_IN_JSON = /"\\u0000int64:(-?\d+)"/g;
