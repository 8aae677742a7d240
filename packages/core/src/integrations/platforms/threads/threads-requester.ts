import type { FetchedMedium, GraphError } from './threads-platform-error.ts';
import { graphErrorOf, threadsPlatformError } from './threads-platform-error.ts';
import { fetchFromPlatform } from '../common/fetch-from-platform.ts';

export type ThreadsRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path under the API version, ids already encoded: `/17841400000000000/threads`. */
  path: string;
  query?: Record<string, string>;
  /** Parameters sent as application/x-www-form-urlencoded, as the Graph API takes them. */
  form?: Record<string, string>;
  /** For the message: 'the image', 'the post', … */
  what: string;
  /** Only the request that publishes: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
  /** The media Threads downloads while answering, named if the download fails. */
  fetches?: FetchedMedium[];
  /** Error answers the caller reads itself (their body is returned, not thrown): e.g. a post that no longer exists. */
  tolerates?: (error: GraphError, status: number) => boolean;
};
/** One Threads API call; resolves to the answer's body, throws PlatformError. */
export type ThreadsCall = (request: ThreadsRequest) => Promise<unknown>;

/**
 * Threads API calls over fetch for one account's token. The token goes in the Authorization header only — Threads
 * also takes it as `access_token` in the URL, where logs and proxies would keep it. Every request has a timeout,
 * answer included, and every failure comes out as a PlatformError; a lost answer to the publish request counts as
 * sent (`unknown`): the safe side.
 */
export const createThreadsRequester = ({
  baseUrl,
  timeoutMs,
  apiVersion,
}: {
  baseUrl: string;
  timeoutMs: number;
  apiVersion: string;
}) => {
  const base = new URL(baseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}/${apiVersion}`;
  const endpoint = { platform: 'threads' as const, name: 'Threads', baseOrigin: base.origin, timeoutMs };

  return (accessToken: string): ThreadsCall =>
    async (request) => {
      const url = new URL(`${root}${request.path}`);
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const answer = await fetchFromPlatform(endpoint, url, {
        method: request.method,
        headers: { Authorization: `Bearer ${accessToken}` },
        body: request.form ? new URLSearchParams(request.form) : undefined,
        createsPost: request.createsPost,
        textBody: (text) => ({ error: { message: text } }),
      });
      if (answer.status >= 400 && request.tolerates?.(graphErrorOf(answer.body), answer.status)) return answer.body;
      if (answer.status >= 400) {
        throw threadsPlatformError({ ...answer, what: request.what, fetches: request.fetches });
      }
      return answer.body;
    };
};
