/**
 * The failures a domain function may report. The HTTP layer maps each code to a status in one place
 * (apps/server/src/middleware/handle-errors.ts); the message is written for the person using the product.
 */
export type AppErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  /** Signed in, but this action is not allowed (e.g. no membership token). */
  | 'FORBIDDEN'
  /** The password was right, but the e-mail address is not verified yet (a new link was sent). */
  | 'EMAIL_NOT_VERIFIED'
  /** Also used for another user's records, so their existence is not revealed. */
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  /** The plan's posts of that day are used: the person can ask for more (contracts/quota-messages.ts). */
  | 'QUOTA_USED'
  /** A service we depend on (the language model) failed; the message says which and why. */
  | 'UPSTREAM_FAILED'
  /** The work goes on, but the answer could not wait for it. */
  | 'TIMEOUT';

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  /** Seconds the client should wait before retrying (RATE_LIMITED only). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: AppErrorCode,
    message: string,
    details: { fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = details.fieldErrors;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
