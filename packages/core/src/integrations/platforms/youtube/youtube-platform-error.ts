import { nextPacificMidnight } from './youtube-quota-day.ts';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';

type GoogleError = {
  error?: { code?: number; message?: string; errors?: { reason?: string; domain?: string; message?: string }[] };
  message?: string;
};

/** The Data API's project quota, which Google renews at midnight Pacific time. */
const DAILY_QUOTA = new Set(['quotaExceeded', 'dailyLimitExceeded']);
/** The channel's own cap on uploads in 24 hours; YouTube says to try again in 24 hours (it answers 400). */
const CHANNEL_UPLOAD_LIMIT = 'uploadLimitExceeded';
const RATE_LIMITS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
/** The token is refused or lacks the youtube.upload scope: connecting again grants a working one. */
const RECONNECT = new Set(['authError', 'insufficientPermissions']);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Google's words without the HTML it puts in some messages (`<a href=…>quota</a>`, `<code>playlistId</code>`) and
 * without a closing full stop, since they end up inside parentheses.
 */
const plain = (message: string | undefined) =>
  message
    ?.replace(/<[^>]*>/g, '')
    .trim()
    .replace(/\.$/, '') || undefined;

/** A YouTube Data API error answer (Google's `{ error: { code, message, errors: [{ reason }] } }`) as a PlatformError. */
export const youTubePlatformError = ({
  status,
  body,
  headers,
  what,
  now = new Date(),
}: {
  status: number;
  body: unknown;
  headers: Headers;
  /** 'the upload', 'the request for recent videos', … */
  what: string;
  now?: Date;
}): PlatformError => {
  const google = (body && typeof body === 'object' ? body : {}) as GoogleError;
  const reasons = (google.error?.errors ?? []).map((error) => error.reason ?? '');
  const detail = plain(google.error?.errors?.[0]?.message ?? google.error?.message ?? google.message);
  const said = (reason: string | undefined) => `${status}${reason ? ` ${reason}` : ''}${detail ? `: ${detail}` : ''}`;
  const reasonIn = (set: Set<string>) => reasons.find((reason) => set.has(reason));

  const quotaReason = reasonIn(DAILY_QUOTA);
  if (quotaReason) {
    return new PlatformError(
      'youtube',
      'transient',
      'quota_reached',
      `YouTube's daily upload quota is used up (${said(quotaReason)}); it renews at midnight Pacific time, when ${what} is tried again.`,
      { status, retryAt: nextPacificMidnight(now) },
    );
  }
  if (reasons.includes(CHANNEL_UPLOAD_LIMIT)) {
    return new PlatformError(
      'youtube',
      'transient',
      'quota_reached',
      `This YouTube channel has uploaded as many videos as YouTube allows in 24 hours (${said(CHANNEL_UPLOAD_LIMIT)}); ${what} is tried again in 24 hours.`,
      { status, retryAt: new Date(now.getTime() + DAY_MS) },
    );
  }
  const rateReason = reasonIn(RATE_LIMITS);
  if (rateReason || status === 429) {
    const retryAt = retryAtFromHeaders((name) => headers.get(name) ?? undefined, now);
    return new PlatformError(
      'youtube',
      'transient',
      'rate_limited',
      `YouTube is rate-limiting this account (${said(rateReason)}).`,
      { status, retryAt },
    );
  }
  if (reasons.includes('youtubeSignupRequired')) {
    return new PlatformError(
      'youtube',
      'permanent',
      'forbidden',
      `The connected Google account has no YouTube channel (${said('youtubeSignupRequired')}): create one on youtube.com, then reconnect YouTube.`,
      { status },
    );
  }
  return platformErrorFromStatus({
    platform: 'youtube',
    name: 'YouTube',
    what,
    status,
    detail,
    reconnect: reasonIn(RECONNECT) !== undefined,
  });
};
