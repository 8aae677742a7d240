import { youTubePlatformError } from './youtube-platform-error.ts';
import { fetchFromPlatform } from '../common/fetch-from-platform.ts';

export type YouTubeRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under the base URL (/youtube/v3/…, /upload/youtube/v3/…), or the session URL YouTube handed out. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** Raw bytes (a piece of the video; empty for a status query). */
  bytes?: { body: Buffer; contentType?: string };
  headers?: Record<string, string>;
  /** For the message: 'the upload', 'the request for recent videos', … */
  what: string;
  /** Only the request that can complete the upload: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
};
export type YouTubeAnswer = { status: number; headers: Headers; body: unknown };
export type YouTubeCall = (request: YouTubeRequest) => Promise<YouTubeAnswer>;

/**
 * Whether the access token may go to this URL: the configured API's origin or Google's API hosts only. A session
 * URL comes from an answer, so a URL elsewhere gets the bytes it asked for but never the token.
 */
export const youTubeTokenMayGoTo = (base: URL, url: URL) =>
  url.origin === base.origin ||
  (url.protocol === 'https:' && (url.hostname === 'googleapis.com' || url.hostname.endsWith('.googleapis.com')));

/**
 * YouTube Data API calls over fetch with the channel's access token. Every request has a timeout, answer included,
 * and every failure comes out as a PlatformError. Redirects are not followed: YouTube answers an unfinished upload
 * with 308 Resume Incomplete, which is an answer here, not a redirect.
 */
export const createYouTubeRequester = ({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) => {
  const base = new URL(baseUrl);
  const endpoint = { platform: 'youtube' as const, name: 'YouTube', baseOrigin: base.origin, timeoutMs };

  return (accessToken: string): YouTubeCall =>
    async (request) => {
      const url = new URL(
        /^https?:\/\//.test(request.path)
          ? request.path
          : `${base.origin}${base.pathname.replace(/\/+$/, '')}${request.path}`,
      );
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const headers: Record<string, string> = { ...request.headers };
      if (youTubeTokenMayGoTo(base, url)) headers.Authorization = `Bearer ${accessToken}`;
      if (request.json !== undefined) headers['Content-Type'] = 'application/json; charset=UTF-8';
      if (request.bytes?.contentType) headers['Content-Type'] = request.bytes.contentType;

      const answer = await fetchFromPlatform(endpoint, url, {
        method: request.method,
        headers,
        body: request.json !== undefined ? JSON.stringify(request.json) : request.bytes?.body,
        redirect: 'manual',
        createsPost: request.createsPost,
      });
      if (answer.status >= 400) throw youTubePlatformError({ ...answer, what: request.what });
      return answer;
    };
};
