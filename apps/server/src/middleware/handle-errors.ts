import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '@agentcast/contracts/api-error';
import { AppError, type AppErrorCode } from '@agentcast/core/kernel/app-error';
import type { AppEnv } from '../app-env.ts';

const STATUS_BY_CODE: Record<AppErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  QUOTA_USED: 409,
  UPSTREAM_FAILED: 502,
  TIMEOUT: 504,
};

const HTTP_EXCEPTION_CODES: Partial<Record<number, string>> = {
  400: 'VALIDATION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The one place where a thrown error becomes an HTTP answer with the ApiErrorBody shape. */
export const handleErrors: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    if (error.retryAfterSeconds) c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json(body, STATUS_BY_CODE[error.code]);
  }
  // Thrown by Hono itself: a body its validators cannot read (malformed JSON or form data), an undeclared type.
  if (error instanceof HTTPException) {
    const code = HTTP_EXCEPTION_CODES[error.status] ?? 'HTTP_ERROR';
    return c.json({ code, message: error.message || 'Request failed' }, error.status);
  }
  c.get('logger')?.error({ err: error, path: c.req.path }, 'Unhandled error');
  return c.json({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' }, 500);
};
