import { graphErrorOf, type GraphError } from '../instagram/instagram-platform-error.ts';
import { instagramRetryAt } from '../instagram/instagram-retry-at.ts';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';

export { graphErrorOf, type GraphError };

/** Invalid, expired or revoked token (190; 102 is the older "session key invalid"). */
const TOKEN_CODES = new Set([190, 102]);
/** Application, account, Page and custom throttling, and the Pages Business Use Case limit (80001). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001]);
/** "(#10) Application does not have permission for this action"; 200–299 name a permission the token lacks. */
export const isPermissionError = (error: GraphError) =>
  error.code === 10 || (error.code !== undefined && error.code >= 200 && error.code < 300);
/** "Object with ID … does not exist, cannot be loaded due to missing permissions, or does not support this operation". */
export const isMissingObject = (error: GraphError, status: number) =>
  status === 404 || (error.code === 100 && error.error_subcode === 33);
/** "The action attempted has been deemed abusive or is otherwise disallowed". */
const BLOCKED_CODE = 368;
/** "(#506) Duplicate status message". */
const DUPLICATE_CODE = 506;

const withoutPeriod = (text: string) => text.replace(/\.$/, '');

export type FacebookFailure = {
  status: number;
  body: unknown;
  headers: Headers;
  /** What was asked, for the message: 'the post', 'the request for recent posts'. */
  what: string;
  /** The Page permission the request needs, named when Facebook says one is missing. */
  permission?: string;
};

/**
 * A Graph API error answer as a PlatformError. Facebook says what went wrong in the body's code more than in the
 * HTTP status (throttling comes as 400 or 403 with code 4, 17, 32, 613 or 80001; a missing permission as 400 or 403
 * with a code from 200 to 299), so the codes decide first; the rest is classified by status as every platform's is.
 */
export const facebookPlatformError = ({ status, body, headers, what, permission }: FacebookFailure): PlatformError => {
  const error = graphErrorOf(body);
  const detail = error.error_user_msg || error.message || undefined;
  const code = error.code;
  const details = { status };
  const because = detail ? `: ${withoutPeriod(detail)}` : '';
  const retryAt = () => instagramRetryAt((name) => headers.get(name) ?? undefined);
  if (code !== undefined && RATE_LIMIT_CODES.has(code)) {
    const until = retryAt();
    const when = until ? ` until ${until.toISOString().replace(/\.\d+Z$/, 'Z')}` : '';
    return new PlatformError(
      'facebook',
      'transient',
      'rate_limited',
      `Facebook is rate-limiting this Page${when} (code ${code}${because}).`,
      { status, retryAt: until },
    );
  }
  if (code !== undefined && TOKEN_CODES.has(code)) {
    return platformErrorFromStatus({ platform: 'facebook', name: 'Facebook', what, status, detail, reconnect: true });
  }
  if (isPermissionError(error)) {
    const missing = permission ? ` without the ${permission} permission` : ' without a permission it needs';
    return new PlatformError(
      'facebook',
      'permanent',
      'forbidden',
      `Facebook refused ${what}: the Page was connected${missing} (code ${code}${because}). Reconnect Facebook and allow everything it asks for.`,
      details,
    );
  }
  if (code === BLOCKED_CODE) {
    return new PlatformError(
      'facebook',
      'permanent',
      'rejected',
      `Facebook blocked ${what} as abusive or against its rules (code 368${because}). Trying again will not help: check the Page's status in Meta Business Suite.`,
      details,
    );
  }
  if (code === DUPLICATE_CODE) {
    return platformErrorFromStatus({ platform: 'facebook', name: 'Facebook', what, status, detail, duplicate: true });
  }
  if (error.is_transient === true && status < 500) {
    // Graph answers some passing failures (codes 1 and 2, "please retry") with a 400 that says so.
    return new PlatformError(
      'facebook',
      'transient',
      'platform_unavailable',
      `Facebook failed on its side (${status}${because}).`,
      details,
    );
  }
  return platformErrorFromStatus({
    platform: 'facebook',
    name: 'Facebook',
    what,
    status,
    detail,
    retryAt: status === 429 ? retryAt() : undefined,
  });
};
