import { linkedInPlatformError } from './linkedin-platform-error.ts';
import { fetchFromPlatform } from '../common/fetch-from-platform.ts';

export type LinkedInRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under the base URL (/rest/…), or an absolute URL LinkedIn handed out (an image's upload URL). */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  bytes?: { body: Buffer; contentType: string };
  /** Extra headers, e.g. X-RestLi-Method for a finder. */
  headers?: Record<string, string>;
  /** For the message: 'the post', 'the image upload', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
};
export type LinkedInAnswer = { status: number; headers: Headers; body: unknown };

/**
 * LinkedIn REST calls over fetch with the member's access token: /rest paths get `LinkedIn-Version` and
 * `X-Restli-Protocol-Version: 2.0.0`; the token goes only to the configured API and LinkedIn's own hosts (upload
 * URLs live on www.linkedin.com). Requests go through fetchFromPlatform (timeouts, transport failures).
 */
export const createLinkedInRequester = ({
  baseUrl,
  timeoutMs,
  apiVersion,
}: {
  baseUrl: string;
  timeoutMs: number;
  /** The LinkedIn-Version header (YYYYMM). */
  apiVersion: string;
}) => {
  const base = new URL(baseUrl);
  const endpoint = { platform: 'linkedin' as const, name: 'LinkedIn', baseOrigin: base.origin, timeoutMs };
  const mayCarryToken = (url: URL) =>
    url.origin === base.origin || url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com');

  return (accessToken: string) =>
    async (request: LinkedInRequest): Promise<LinkedInAnswer> => {
      const url = new URL(
        /^https?:\/\//.test(request.path)
          ? request.path
          : `${base.origin}${base.pathname.replace(/\/+$/, '')}${request.path}`,
      );
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const headers: Record<string, string> = { ...request.headers };
      if (mayCarryToken(url)) headers.Authorization = `Bearer ${accessToken}`;
      if (url.origin === base.origin && url.pathname.includes('/rest/')) {
        headers['LinkedIn-Version'] = apiVersion;
        headers['X-Restli-Protocol-Version'] = '2.0.0';
      }
      if (request.json !== undefined) headers['Content-Type'] = 'application/json';
      if (request.bytes) headers['Content-Type'] = request.bytes.contentType;

      const answer = await fetchFromPlatform(endpoint, url, {
        method: request.method,
        headers,
        body: request.json !== undefined ? JSON.stringify(request.json) : request.bytes?.body,
        createsPost: request.createsPost,
      });
      if (answer.status >= 400) throw linkedInPlatformError({ ...answer, what: request.what, apiVersion });
      return answer;
    };
};
