import { PUBLIC_MEDIA_HINT } from './instagram-medium.ts';
import { instagramRetryAt } from './instagram-retry-at.ts';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';

/** The `error` object of a Graph API error answer. */
export type GraphError = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
};

/** A medium Instagram downloads itself while answering a request (container creation): named when that fails. */
export type FetchedMedium = { what: 'image' | 'video' | 'cover'; url: string };

/** Invalid, expired or revoked token (190; 102 is the older "session key invalid"). */
const TOKEN_CODES = new Set([190, 102]);
/** Application, account, page and custom throttling, and Instagram's Business Use Case limit. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);
/** "The media could not be fetched from this URI" (9004 / 2207052). */
const DOWNLOAD_FAILED_CODE = 9004;
const DOWNLOAD_FAILED_SUBCODE = 2207052;
/** "It takes too long to download the media." */
const DOWNLOAD_TIMED_OUT_SUBCODE = 2207003;
/** "You reached maximum number of posts that is allowed to be published by Content Publishing API." */
const POSTS_PER_DAY_SUBCODE = 2207042;

export const graphErrorOf = (body: unknown): GraphError => {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return error && typeof error === 'object' ? (error as GraphError) : {};
};

const describeFetches = (fetches: FetchedMedium[]) =>
  fetches
    .map((fetched, index) =>
      fetched.what === 'cover' && index > 0
        ? `its cover from ${fetched.url}`
        : `the ${fetched.what} from ${fetched.url}`,
    )
    .join(' or ');

const withoutPeriod = (text: string) => text.replace(/\.$/, '');

/**
 * A Graph API error answer as a PlatformError. Instagram says what went wrong in the body's code and subcode more
 * than in the HTTP status (throttling comes as 400 or 403 with code 4, 17, 32, 613 or 80002), so those decide first;
 * the rest is classified by status as every platform's is.
 */
export const instagramPlatformError = ({
  status,
  body,
  headers,
  what,
  fetches = [],
}: {
  status: number;
  body: unknown;
  headers: Headers;
  what: string;
  fetches?: FetchedMedium[];
}): PlatformError => {
  const error = graphErrorOf(body);
  const detail = error.error_user_msg || error.message || undefined;
  const details = { status };
  const subcode = error.error_subcode;
  if (fetches.length > 0 && (error.code === DOWNLOAD_FAILED_CODE || subcode === DOWNLOAD_FAILED_SUBCODE)) {
    return new PlatformError(
      'instagram',
      'permanent',
      'media_failed',
      `Instagram could not download ${describeFetches(fetches)}: it fetches media itself, so they must be at a public address. ${PUBLIC_MEDIA_HINT}`,
      details,
    );
  }
  if (fetches.length > 0 && subcode === DOWNLOAD_TIMED_OUT_SUBCODE) {
    // Meta's advice for this one is to try again: the address answered, only too slowly.
    return new PlatformError(
      'instagram',
      'transient',
      'media_failed',
      `Instagram took too long to download ${describeFetches(fetches)}: it fetches media itself, so they must be at a public address that answers quickly.`,
      details,
    );
  }
  if (subcode === POSTS_PER_DAY_SUBCODE) {
    return new PlatformError(
      'instagram',
      'permanent',
      'quota_reached',
      `Instagram refused the post: this account has published as many posts as Instagram allows in 24 hours${detail ? ` (${withoutPeriod(detail)})` : ''}. This post was skipped.`,
      details,
    );
  }
  const retryAt = () => instagramRetryAt((name) => headers.get(name) ?? undefined);
  if (error.code !== undefined && RATE_LIMIT_CODES.has(error.code)) {
    const until = retryAt();
    const when = until ? ` until ${until.toISOString().replace(/\.\d+Z$/, 'Z')}` : '';
    return new PlatformError(
      'instagram',
      'transient',
      'rate_limited',
      `Instagram is rate-limiting this account${when} (code ${error.code}${detail ? `: ${withoutPeriod(detail)}` : ''}).`,
      { status, retryAt: until },
    );
  }
  return platformErrorFromStatus({
    platform: 'instagram',
    name: 'Instagram',
    what,
    status,
    detail,
    reconnect: error.code !== undefined && TOKEN_CODES.has(error.code),
    retryAt: status === 429 ? retryAt() : undefined,
  });
};
