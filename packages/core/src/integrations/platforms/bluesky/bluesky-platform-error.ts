import type { XRPCError } from '@atproto/api';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { PlatformError } from '../common/platform.ts';

/** The errors by which a Bluesky server says the session is no good: the person must connect the account again. */
const SESSION_ERRORS = new Set(['InvalidToken', 'AuthenticationRequired', 'AccountTakedown', 'AccountDeactivated']);

/**
 * When a rate-limited Bluesky server accepts calls again: its `ratelimit-reset` header, in epoch seconds (the
 * PDS counts points per account per hour and per day).
 */
const retryAtOf = (headers: Record<string, string | undefined> | undefined) => {
  const reset = Number(headers?.['ratelimit-reset']);
  return Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined;
};

/**
 * Turns the SDK's XRPCError into what the delivery state machine acts on, in Bluesky's own words where it gave
 * some. An answer that came but did not read as the lexicon says (status 2) came from the server: for the request
 * that creates the post, the post may exist.
 */
export const blueskyPlatformError = (
  error: XRPCError,
  { what, createsPost = false }: { what: string; createsPost?: boolean },
): PlatformError => {
  if (error.status < 100) {
    return createsPost
      ? new PlatformError(
          'bluesky',
          'unknown',
          'connection_lost',
          'Bluesky answered the post with something this app could not read: it may have been published.',
          { cause: error },
        )
      : new PlatformError('bluesky', 'transient', 'platform_unavailable', `Bluesky answered ${what} unreadably.`, {
          cause: error,
        });
  }
  const detail = error.message && error.message !== error.error ? `${error.error}: ${error.message}` : error.error;
  if (error.error === 'ExpiredToken') {
    // The session ran out between its renewal and the call: the next attempt renews it first.
    return new PlatformError('bluesky', 'transient', 'reconnect_required', 'The Bluesky session had expired.', {
      status: error.status,
      cause: error,
    });
  }
  return platformErrorFromStatus({
    platform: 'bluesky',
    name: 'Bluesky',
    what,
    status: error.status,
    detail,
    retryAt: retryAtOf(error.headers),
    reconnect: SESSION_ERRORS.has(error.error),
  });
};
