import type { FakeReply, RouteContext } from './platform-fake-kit.ts';

/** What the X fakes share: the user type, their error replies in X's formats, and the access check. */
export type XUser = { id: string; username: string; name: string };

/** Wraps a handler so that it runs only for a request with a known user access token (401 otherwise). */
export type Authed = (
  handle: (context: RouteContext, caller: XUser) => FakeReply | Promise<FakeReply>,
) => (context: RouteContext) => FakeReply | Promise<FakeReply>;

export const problem = (status: number, title: string, detail: string, type = 'about:blank'): FakeReply => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  json: { title, detail, type, status },
});
export const invalidRequest = (message: string): FakeReply => ({
  status: 400,
  headers: { 'content-type': 'application/problem+json' },
  json: {
    errors: [{ parameters: {}, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  },
});
export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
