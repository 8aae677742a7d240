import { PlatformError, type PlatformErrorReason } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';

/** The `error` of every TikTok v2 answer, `{ data, error }`: code 'ok' is success, anything else a failure. */
export type TikTokErrorBody = { code?: string; message?: string; log_id?: string };

/** A TikTok answer that is a failure (by its error code, whatever the HTTP status), with what was asked. */
export type TikTokRefusal = {
  status: number;
  error: TikTokErrorBody;
  headers: Headers;
  /** For the message: 'the post', 'the request for recent posts', … */
  what: string;
  /** The scope the endpoint needs (video.publish, video.list), named when the connection lacks it. */
  scope?: string;
  /** The photos TikTok was to fetch, named when it refuses their address. */
  photoUrls?: string[];
};

/** TikTok counts requests in one-minute sliding windows and sends no Retry-After: a minute on, the window is clear. */
const RATE_WINDOW_MS = 60_000;

const hostsOf = (urls: string[]) => [...new Set(urls.map((url) => new URL(url).host))].join(', ');

/** The error codes of the Content Posting API that mean trying again will not help, each as a sentence. */
const REFUSALS: Record<string, { reason: PlatformErrorReason; message: (refusal: TikTokRefusal) => string }> = {
  spam_risk_too_many_posts: {
    reason: 'quota_reached',
    message: () =>
      'TikTok refused the post: this account has published as many posts through apps today as TikTok allows. This post was skipped.',
  },
  reached_active_user_cap: {
    reason: 'quota_reached',
    message: () =>
      "TikTok refused the post: until TikTok audits this server's app, it lets only a few accounts a day post through it, and that many already have. Try again tomorrow.",
  },
  spam_risk_user_banned_from_posting: {
    reason: 'forbidden',
    message: () =>
      'TikTok refused the post: TikTok has barred this account from posting for now. Check the account in the TikTok app.',
  },
  unaudited_client_can_only_post_to_private_accounts: {
    reason: 'forbidden',
    message: () =>
      "TikTok refused the post: until TikTok audits this server's app, it posts only to private accounts. Make the TikTok account private (in the TikTok app: Settings and privacy → Privacy → Private account) and post again.",
  },
  privacy_level_option_mismatch: {
    reason: 'rejected',
    message: () =>
      "TikTok refused the post's privacy level: the account no longer offers it (its privacy settings changed while the post was being sent).",
  },
  url_ownership_unverified: {
    reason: 'media_failed',
    message: ({ photoUrls = [] }) =>
      `TikTok refused to fetch the images${photoUrls.length > 0 ? ` from ${hostsOf(photoUrls)}` : ''}: it takes images only from a domain verified for this server's TikTok app. Verify the domain under URL properties in the TikTok developer portal, or keep media on one that is.`,
  },
  spam_risk_text: {
    reason: 'rejected',
    message: () => "TikTok refused the post's text as likely spam: it was not published.",
  },
};

const SCOPE_CODES = new Set(['scope_not_authorized', 'scope_permission_missed']);

/**
 * A TikTok failure as a PlatformError. TikTok says what went wrong in the error code more than in the HTTP status, so
 * the code decides first; the rest is classified by status as every platform's is.
 */
export const tiktokPlatformError = (refusal: TikTokRefusal): PlatformError => {
  const { status, error, headers, what, scope } = refusal;
  const code = error.code ?? '';
  const known = REFUSALS[code];
  if (known) return new PlatformError('tiktok', 'permanent', known.reason, known.message(refusal), { status });
  if (SCOPE_CODES.has(code)) {
    return new PlatformError(
      'tiktok',
      'permanent',
      'forbidden',
      `TikTok refused ${what}: this connection was not granted ${scope ? `the ${scope} permission` : 'a permission'} it needs. Reconnect the TikTok account and allow it.`,
      { status },
    );
  }
  const rateLimited = code === 'rate_limit_exceeded' || status === 429;
  return platformErrorFromStatus({
    platform: 'tiktok',
    name: 'TikTok',
    what,
    // A failure answered 200 (error code not 'ok') is classified like the request it is: refused.
    status: rateLimited ? 429 : status < 400 ? 400 : status,
    detail: error.message || code || undefined,
    reconnect: code === 'access_token_invalid',
    retryAt: rateLimited
      ? (retryAtFromHeaders((name) => headers.get(name) ?? undefined) ?? new Date(Date.now() + RATE_WINDOW_MS))
      : undefined,
  });
};
