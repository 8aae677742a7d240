import { PlatformError, type PlatformId, type PublishedPost } from './platform.ts';

export type FailedAnswer = {
  platform: PlatformId;
  /** 'X', 'LinkedIn'. */
  name: string;
  /** What was asked, for the message: 'the post', 'the image upload', 'the request for recent posts'. */
  what: string;
  status: number;
  /** The platform's own explanation, when it gave one. */
  detail?: string;
  retryAt?: Date;
  /** The platform said the text was already published by this account. */
  duplicate?: boolean;
  existingPost?: PublishedPost;
  /** The platform said the token is expired, revoked or lacks access, beyond a plain 401. */
  reconnect?: boolean;
};

const withDetail = (detail: string | undefined) => (detail ? `: ${detail.replace(/\.$/, '')}` : '');

/**
 * Turns a platform's error answer into what the delivery state machine acts on. 429 and 5xx are transient (the
 * platform did not do the work: its API answers those before acting, and a repeated text is refused as a
 * duplicate anyway); every other 4xx is permanent, because sending the same request again gets the same answer.
 */
export const platformErrorFromStatus = (answer: FailedAnswer): PlatformError => {
  const { platform, name, what, status, detail, retryAt } = answer;
  const details = { status, retryAt, existingPost: answer.existingPost };
  if (answer.duplicate) {
    return new PlatformError(
      platform,
      'permanent',
      'duplicate',
      `${name} refused the post as a duplicate: this account already published the same text.`,
      details,
    );
  }
  if (status === 401 || answer.reconnect) {
    return new PlatformError(
      platform,
      'permanent',
      'reconnect_required',
      `${name} no longer accepts this account's authorization (${status}${withDetail(detail)}). Reconnect the ${name} account to go on posting.`,
      details,
    );
  }
  if (status === 429) {
    const until = retryAt ? ` until ${retryAt.toISOString().replace(/\.\d+Z$/, 'Z')}` : '';
    return new PlatformError(
      platform,
      'transient',
      'rate_limited',
      `${name} is rate-limiting this account${until} (429).`,
      details,
    );
  }
  if (status >= 500 || status === 408) {
    return new PlatformError(
      platform,
      'transient',
      'platform_unavailable',
      `${name} failed on its side (${status}${withDetail(detail)}).`,
      details,
    );
  }
  if (status === 403) {
    return new PlatformError(
      platform,
      'permanent',
      'forbidden',
      `${name} refused ${what} (403${withDetail(detail)}).`,
      details,
    );
  }
  return new PlatformError(
    platform,
    'permanent',
    'rejected',
    `${name} rejected ${what} (${status}${withDetail(detail)}).`,
    details,
  );
};
