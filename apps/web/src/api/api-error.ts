import { isApiErrorBody, type ApiErrorBody } from '@agentcast/contracts/api-error';

/** An error answer from /api, with the server's message (shown to people as is) and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fieldErrors = body.fieldErrors ?? {};
  }
}

/** The error for a non-2xx answer, with the server's message when it sent one. */
export const toApiError = (status: number, data: unknown) =>
  new ApiError(
    status,
    isApiErrorBody(data)
      ? data
      : { code: `HTTP_${status}`, message: `The server answered ${status}. Please try again.` },
  );

export const networkError = (message: string) => new ApiError(0, { code: 'NETWORK_ERROR', message });
