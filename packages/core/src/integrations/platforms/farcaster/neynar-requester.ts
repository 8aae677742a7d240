import { fetchFromPlatform, type PlatformAnswer } from '../common/fetch-from-platform.ts';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';

export type NeynarRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Under the API's base: `/v2/farcaster/cast`. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** For the message: 'the cast', 'the key request', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
};

export type NeynarRequester = (request: NeynarRequest) => Promise<PlatformAnswer>;

/** Neynar's limits are per minute (300 requests a minute per endpoint on the Starter plan, 500 across all). */
const RATE_WINDOW_MS = 60_000;

/** Neynar's error body, as its OpenAPI `ErrorRes` documents it: `{ code?, message, property?, status? }`. */
const messageOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : undefined;

/**
 * When a rate-limited Neynar takes calls again: `Retry-After` when it sends one; it documents no rate-limit header, and
 * its windows are a minute long, so otherwise a minute from now.
 */
const retryAtOf = (headers: Headers, now = new Date()) =>
  retryAtFromHeaders((name) => headers.get(name) ?? undefined, now) ?? new Date(now.getTime() + RATE_WINDOW_MS);

/**
 * Neynar's refusal in words. Its API key is the operator's, not the person's: a refused key says so, since only the
 * operator can fix it. A signer Neynar no longer accepts (revoked in the person's Farcaster app, or never approved)
 * means connecting again.
 */
const neynarError = (answer: PlatformAnswer, what: string) => {
  const detail = messageOf(answer.body);
  if (answer.status === 401 || (answer.status === 403 && /api key/i.test(detail ?? '')))
    return new PlatformError(
      'farcaster',
      'permanent',
      'forbidden',
      `Neynar refused this server's API key (${answer.status}): the operator must check NEYNAR_API_KEY.`,
      { status: answer.status },
    );
  const signerGone = /signer/i.test(detail ?? '') && /(revoked|not approved|invalid|not found)/i.test(detail ?? '');
  return platformErrorFromStatus({
    platform: 'farcaster',
    name: 'Farcaster',
    what,
    status: answer.status,
    detail,
    retryAt: answer.status === 429 ? retryAtOf(answer.headers) : undefined,
    reconnect: signerGone,
  });
};

/**
 * Requests to Neynar's API over fetchFromPlatform (timeouts, lost answers), with the operator's key in `x-api-key`.
 * Errors name Farcaster and what was asked, never the key.
 */
export const createNeynarRequester = ({
  baseUrl,
  apiKey,
  timeoutMs,
}: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): NeynarRequester => {
  const base = new URL(baseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = { platform: 'farcaster' as const, name: 'Farcaster', baseOrigin: base.origin, timeoutMs };
  return async (request) => {
    const url = new URL(`${root}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const answer = await fetchFromPlatform(endpoint, url, {
      method: request.method,
      headers: {
        'x-api-key': apiKey,
        ...(request.json !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: request.json !== undefined ? JSON.stringify(request.json) : undefined,
      createsPost: request.createsPost,
    });
    if (answer.status >= 400) throw neynarError(answer, request.what);
    return answer;
  };
};
