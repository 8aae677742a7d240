import { describeSeconds } from './describe-seconds.ts';
import { PlatformError, type PlatformId } from './platform.ts';

/** Failures that happen before a connection exists, so the platform cannot have received anything. */
const BEFORE_CONNECTION = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const isBeforeConnection = (code: string | undefined) => code !== undefined && BEFORE_CONNECTION.has(code);

export type TransportFailure = {
  platform: PlatformId;
  name: string;
  baseUrl: string;
  /** The Node or undici error code, when there is one. */
  code?: string;
  /** Whether the whole request had been handed to the network when it failed. */
  sent: boolean;
  /** The per-request timeout ran out (otherwise the connection failed or was lost). */
  timedOut: boolean;
  timeoutMs: number;
  /** The request creates the post: losing its answer means the post may exist. */
  createsPost: boolean;
  cause?: unknown;
};

/**
 * A request that got no answer. Not sent → transient: the platform cannot have acted. Sent → the platform may have
 * acted: that is harmless for reads and media uploads (transient: an orphan upload expires on its own), but for
 * the request that creates the post it is `unknown`, to be reconciled, never blindly repeated.
 */
export const platformErrorFromTransport = (failure: TransportFailure): PlatformError => {
  const { platform, name, baseUrl, code, timeoutMs, cause } = failure;
  const waited = describeSeconds(timeoutMs);
  if (!failure.sent || isBeforeConnection(code)) {
    return failure.timedOut
      ? new PlatformError(
          platform,
          'transient',
          'timeout',
          `${name} (${baseUrl}) did not take the request within ${waited}.`,
          { cause },
        )
      : new PlatformError(
          platform,
          'transient',
          'unreachable',
          `Could not reach ${name} at ${baseUrl}${code ? ` (${code})` : ''}.`,
          { cause },
        );
  }
  if (failure.createsPost) {
    return failure.timedOut
      ? new PlatformError(
          platform,
          'unknown',
          'timeout',
          `${name} did not answer within ${waited} after the post was sent: it may have been published.`,
          { cause },
        )
      : new PlatformError(
          platform,
          'unknown',
          'connection_lost',
          `The connection to ${name} was lost after the post was sent: it may have been published.`,
          { cause },
        );
  }
  return failure.timedOut
    ? new PlatformError(platform, 'transient', 'timeout', `${name} did not answer within ${waited}.`, { cause })
    : new PlatformError(
        platform,
        'transient',
        'connection_lost',
        `The connection to ${name} was lost before it answered${code ? ` (${code})` : ''}.`,
        { cause },
      );
};
