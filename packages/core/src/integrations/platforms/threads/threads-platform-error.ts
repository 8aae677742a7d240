import { graphErrorOf, type GraphError } from '../instagram/instagram-platform-error.ts';
import { PUBLIC_MEDIA_HINT } from '../instagram/instagram-medium.ts';
import { instagramRetryAt } from '../instagram/instagram-retry-at.ts';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';

// Threads answers errors in the Graph API's shape and throttles with Meta's usage headers, as Instagram does.
export { graphErrorOf, type GraphError };

/** A medium Threads downloads itself while answering a request (container creation): named when that fails. */
export type FetchedMedium = { what: 'image' | 'video'; url: string };

/** Invalid, expired or revoked token (190; 102 is the older "session key invalid"). */
const TOKEN_CODES = new Set([190, 102]);
/** Application, account, page and custom throttling, and the Business Use Case limit. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);
/** "The media could not be fetched from this URI" (code 1 on Threads, 9004 on Instagram; subcode 2207052). */
const DOWNLOAD_FAILED_CODE = 9004;
const DOWNLOAD_FAILED_SUBCODE = 2207052;
/** "It takes too long to download the media." */
const DOWNLOAD_TIMED_OUT_SUBCODE = 2207003;

const describeFetches = (fetches: FetchedMedium[]) =>
  fetches.map((fetched) => `the ${fetched.what} from ${fetched.url}`).join(' or ');

const withoutPeriod = (text: string) => text.replace(/\.$/, '');

/**
 * A Threads API error answer as a PlatformError. The body's code and subcode say more than the HTTP status
 * (throttling comes as 400 or 403 with code 4, 17, 32, 613 or 80002, an expired token as 400 with code 190), so those
 * decide first; the rest is classified by status as every platform's is.
 */
export const threadsPlatformError = ({
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
  if (fetches.length > 0 && (error.code === DOWNLOAD_FAILED_CODE || error.error_subcode === DOWNLOAD_FAILED_SUBCODE)) {
    return new PlatformError(
      'threads',
      'permanent',
      'media_failed',
      `Threads could not download ${describeFetches(fetches)}: it fetches media itself, so they must be at a public address. ${PUBLIC_MEDIA_HINT}`,
      details,
    );
  }
  if (fetches.length > 0 && error.error_subcode === DOWNLOAD_TIMED_OUT_SUBCODE) {
    // Meta's advice for this one is to try again: the address answered, only too slowly.
    return new PlatformError(
      'threads',
      'transient',
      'media_failed',
      `Threads took too long to download ${describeFetches(fetches)}: it fetches media itself, so they must be at a public address that answers quickly.`,
      details,
    );
  }
  const retryAt = () => instagramRetryAt((name) => headers.get(name) ?? undefined);
  if (error.code !== undefined && RATE_LIMIT_CODES.has(error.code)) {
    const until = retryAt();
    const when = until ? ` until ${until.toISOString().replace(/\.\d+Z$/, 'Z')}` : '';
    return new PlatformError(
      'threads',
      'transient',
      'rate_limited',
      `Threads is rate-limiting this account${when} (code ${error.code}${detail ? `: ${withoutPeriod(detail)}` : ''}).`,
      { status, retryAt: until },
    );
  }
  return platformErrorFromStatus({
    platform: 'threads',
    name: 'Threads',
    what,
    status,
    detail,
    reconnect: error.code !== undefined && TOKEN_CODES.has(error.code),
    retryAt: status === 429 ? retryAt() : undefined,
  });
};
