import type * as TwitterSdk from 'twitter-api-v2';
import type { ApiRequestError } from 'twitter-api-v2';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { platformErrorFromTransport } from '../common/platform-error-from-transport.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';

export type XCallContext = { what: string; createsPost: boolean; baseUrl: string; timeoutMs: number };

type XProblem = { title?: string; detail?: string; errors?: { message?: string }[] };

/** X's own words: the problem's detail, and each invalid parameter's message when it lists them. */
const detailOf = (data: unknown) => {
  const problem = (data ?? {}) as XProblem;
  const messages = (problem.errors ?? []).map((error) => error.message).filter(Boolean);
  return [problem.detail ?? problem.title, ...messages].filter(Boolean).join(' ') || undefined;
};

/**
 * twitter-api-v2's three failure types, as a PlatformError the delivery state machine can act on. The library is
 * passed in (loaded on first use by x-requester.ts), since its classes are what the error is tested against.
 */
export const xPlatformError = (
  { ApiPartialResponseError, ApiRequestError, ApiResponseError }: typeof TwitterSdk,
  error: unknown,
  context: XCallContext,
): PlatformError => {
  if (error instanceof PlatformError) return error;
  const base = { platform: 'x' as const, name: 'X' };
  if (error instanceof ApiResponseError) {
    const detail = detailOf(error.data);
    return platformErrorFromStatus({
      ...base,
      what: context.what,
      status: error.code,
      detail,
      retryAt: error.code === 429 ? retryAtFromHeaders((name) => headerValue(error.headers[name])) : undefined,
      duplicate: error.code === 403 && /duplicate content/i.test(detail ?? ''),
    });
  }
  if (error instanceof ApiPartialResponseError && (error.response.statusCode ?? 0) >= 400) {
    return platformErrorFromStatus({ ...base, what: context.what, status: error.response.statusCode ?? 0 });
  }
  const requestError = error instanceof ApiRequestError ? nodeErrorOf(error) : undefined;
  return platformErrorFromTransport({
    ...base,
    baseUrl: context.baseUrl,
    code: requestError?.code,
    // The request's 'finish': every byte was handed to the network, so X may have acted on it. A partial answer
    // (the status came, the body was cut) was certainly received.
    sent:
      error instanceof ApiPartialResponseError || (error instanceof ApiRequestError && error.request.writableFinished),
    timedOut: requestError?.message === 'Request timeout.',
    timeoutMs: context.timeoutMs,
    createsPost: context.createsPost,
    cause: error,
  });
};

/**
 * The Node error under an ApiRequestError. twitter-api-v2 1.29 stores it as `error` while its `requestError`
 * getter reads `requestError` (always undefined), so both are tried.
 */
const nodeErrorOf = (error: ApiRequestError) =>
  (error.requestError ?? (error as unknown as { _options?: { error?: Error } })._options?.error) as
    NodeJS.ErrnoException | undefined;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
