import { facebookPlatformError, graphErrorOf, type GraphError } from './facebook-platform-error.ts';
import { fetchFromPlatform, type PlatformEndpoint } from '../common/fetch-from-platform.ts';

export type FacebookRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path under the Graph version, ids already encoded: `/1234567890/feed`. */
  path: string;
  query?: Record<string, string>;
  /** Parameters sent as application/x-www-form-urlencoded, as the Graph API takes them. */
  form?: Record<string, string>;
  /** A multipart body, for the requests that carry a file (`source`). */
  multipart?: FormData;
  /** Video uploads go to Meta's upload host (graph-video.facebook.com), everything else to the Graph host. */
  host?: 'graph' | 'video';
  /** For the message: 'the post', 'the photo', … */
  what: string;
  /** The Page permission the request needs, named when Facebook says it is missing. */
  permission?: string;
  /** Only a request that publishes: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
  /** Error answers the caller reads itself (their body is returned, not thrown): e.g. a post that no longer exists. */
  tolerates?: (error: GraphError, status: number) => boolean;
};
/** One Graph API call; resolves to the answer's body, throws PlatformError. */
export type FacebookCall = (request: FacebookRequest) => Promise<unknown>;

export type FacebookRequesterOptions = {
  baseUrl: string;
  /** Where videos are uploaded; the Graph host when absent. */
  videoBaseUrl?: string;
  timeoutMs: number;
  graphVersion: string;
};

const endpointOf = (baseUrl: string, timeoutMs: number) => {
  const base = new URL(baseUrl);
  const endpoint: PlatformEndpoint = { platform: 'facebook', name: 'Facebook', baseOrigin: base.origin, timeoutMs };
  return { root: `${base.origin}${base.pathname.replace(/\/+$/, '')}`, endpoint };
};

/**
 * Graph API calls over fetch for one token (a Page's, or the person's own for the list of their Pages). The token
 * goes in the Authorization header only — the Graph API also takes it as `access_token` in the URL or the body,
 * where logs and proxies would keep it. Every request has a timeout, answer included, and every failure comes out as
 * a PlatformError. fetch cannot tell how much of a request went out, so once a connection exists a lost answer to a
 * request that publishes counts as sent (`unknown`): the safe side.
 */
export const createFacebookRequester = ({
  baseUrl,
  videoBaseUrl,
  timeoutMs,
  graphVersion,
}: FacebookRequesterOptions) => {
  const graph = endpointOf(baseUrl, timeoutMs);
  const video = videoBaseUrl ? endpointOf(videoBaseUrl, timeoutMs) : graph;

  return (accessToken: string): FacebookCall =>
    async (request) => {
      const { root, endpoint } = request.host === 'video' ? video : graph;
      const url = new URL(`${root}/${graphVersion}${request.path}`);
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const answer = await fetchFromPlatform(endpoint, url, {
        method: request.method,
        headers: { Authorization: `Bearer ${accessToken}` },
        body: request.multipart ?? (request.form ? new URLSearchParams(request.form) : undefined),
        createsPost: request.createsPost,
        textBody: (text) => ({ error: { message: text } }),
      });
      if (answer.status >= 400 && request.tolerates?.(graphErrorOf(answer.body), answer.status)) return answer.body;
      if (answer.status >= 400) {
        throw facebookPlatformError({ ...answer, what: request.what, permission: request.permission });
      }
      return answer.body;
    };
};
