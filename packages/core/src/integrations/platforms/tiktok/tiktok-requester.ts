import { fetchFailure, type PlatformEndpoint } from '../common/fetch-from-platform.ts';
import { parseTikTokJson } from './tiktok-json.ts';
import { tiktokPlatformError, type TikTokErrorBody } from './tiktok-platform-error.ts';

export const TIKTOK_API_BASE = 'https://open.tiktokapis.com';

export type TikTokRequest = {
  /** Every endpoint here is POST with a JSON body, but user/info (GET). */
  method?: 'GET' | 'POST';
  /** Under the base URL: /v2/post/publish/video/init/. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** For the message: 'the post', 'the request for recent posts', … */
  what: string;
  /** The scope the endpoint needs, named when the connection lacks it. */
  scope: string;
  /** Only a request that makes the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
  /** Photos TikTok fetches while answering, named if it refuses their address. */
  photoUrls?: string[];
};
/** One TikTok API call; resolves to the answer's `data`, throws PlatformError. */
export type TikTokCall = (request: TikTokRequest) => Promise<Record<string, unknown>>;

type Answer = { status: number; headers: Headers; body: unknown };

const errorOf = (body: unknown): TikTokErrorBody => {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return error && typeof error === 'object' ? (error as TikTokErrorBody) : {};
};

const readBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return parseTikTokJson(text);
  } catch {
    return { error: { message: text.slice(0, 300) } };
  }
};

/** One request with a timeout that covers the answer too; a request that got no answer throws PlatformError. */
export const exchangeWithTikTok = async (
  endpoint: PlatformEndpoint,
  url: URL,
  init: RequestInit & { createsPost?: boolean },
): Promise<Answer> => {
  const { createsPost = false, ...request } = init;
  try {
    const response = await fetch(url, {
      ...request,
      redirect: 'manual',
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    return { status: response.status, headers: response.headers, body: readBody(await response.text()) };
  } catch (error) {
    throw fetchFailure(endpoint, error, createsPost);
  }
};

export const tiktokEndpoint = (baseUrl: string, timeoutMs: number): PlatformEndpoint => ({
  platform: 'tiktok',
  name: 'TikTok',
  baseOrigin: new URL(baseUrl).origin,
  timeoutMs,
});

/**
 * TikTok API v2 calls over fetch for one user's token, in the Authorization header only. Every answer is
 * `{ data, error }`: a failure is any error code but 'ok', whatever the HTTP status. Answers are parsed keeping int64
 * ids exact (parseTikTokJson).
 */
export const createTikTokRequester = ({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) => {
  const base = new URL(baseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = tiktokEndpoint(baseUrl, timeoutMs);

  return (accessToken: string): TikTokCall =>
    async (request) => {
      const url = new URL(`${root}${request.path}`);
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const method = request.method ?? 'POST';
      const answer = await exchangeWithTikTok(endpoint, url, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          ...(method === 'POST' && { 'Content-Type': 'application/json; charset=UTF-8' }),
        },
        body: method === 'POST' ? JSON.stringify(request.json ?? {}) : undefined,
        createsPost: request.createsPost,
      });
      const error = errorOf(answer.body);
      if (answer.status >= 400 || (error.code !== undefined && error.code !== 'ok')) {
        throw tiktokPlatformError({
          ...answer,
          error,
          what: request.what,
          scope: request.scope,
          photoUrls: request.photoUrls,
        });
      }
      const data = (answer.body as { data?: unknown } | undefined)?.data;
      return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    };
};
