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
    isApiErrorBody(data) ? data : { code: `HTTP_${status}`, message: `The server answered ${status}. Please try again.` },
  );

type RequestOptions = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/** JSON over fetch with the session cookie; any non-2xx answer becomes an ApiError. */
export const apiRequest = async <T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'Cannot reach the server. Check your connection and try again.' });
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
};
