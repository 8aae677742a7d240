import http from 'node:http';
import https from 'node:https';
import type { TwitterApiv2 } from 'twitter-api-v2';
import { xPlatformError } from './x-platform-error.ts';

export type XRequestOptions = {
  /** For the message: 'the post', 'the video upload', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
  /** Values for `:name` segments of the path. */
  params?: Record<string, string>;
  /** Send the body as multipart/form-data (media chunks) instead of JSON. */
  formData?: boolean;
};
type Query = Record<string, string | number | undefined>;

export type XRequester = {
  get: <T>(path: string, query: Query, options: XRequestOptions) => Promise<T>;
  post: <T>(path: string, body: Record<string, unknown> | undefined, options: XRequestOptions) => Promise<T>;
  delete: <T>(path: string, options: XRequestOptions) => Promise<T>;
};

/**
 * X API v2 calls through twitter-api-v2 with an OAuth 2.0 user access token, at any base URL: the library has no
 * base-URL option, so each call passes the prefix, and an agent of the URL's protocol (the library always calls
 * https.request, and Node takes the protocol from the agent). Every request has a timeout (the library's socket
 * timeout: no byte for `timeoutMs`), and every failure comes out as a PlatformError.
 */
export const createXRequester = ({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) => {
  // No keep-alive: a pooled connection the server has just closed fails a reused request with ECONNRESET after it
  // was written, which would turn a plain retry into an `unknown` post to reconcile.
  const httpAgent = baseUrl.startsWith('https:')
    ? new https.Agent({ keepAlive: false })
    : new http.Agent({ keepAlive: false });
  const prefix = `${baseUrl.replace(/\/+$/, '')}/2/`;

  return (accessToken: string): XRequester => {
    let client: TwitterApiv2 | undefined;
    const run = async <T>(options: XRequestOptions, call: (v2: TwitterApiv2) => Promise<T>) => {
      // twitter-api-v2 (76 files) loads with the first call to X, not at start-up.
      const sdk = await import('twitter-api-v2');
      client ??= new sdk.TwitterApi(accessToken, { httpAgent }).v2;
      try {
        return await call(client);
      } catch (error) {
        throw xPlatformError(sdk, error, {
          what: options.what,
          createsPost: options.createsPost ?? false,
          baseUrl,
          timeoutMs,
        });
      }
    };
    return {
      get: (path, query, options) =>
        run(options, (v2) => v2.get(path, query, { prefix, timeout: timeoutMs, params: options.params })),
      post: (path, body, options) =>
        run(options, (v2) =>
          v2.post(path, body, {
            prefix,
            timeout: timeoutMs,
            params: options.params,
            ...(options.formData && { forceBodyMode: 'form-data' as const }),
          }),
        ),
      // Not client.deleteTweet: like every v2 shortcut it takes no prefix, so it would always call api.x.com.
      delete: (path, options) =>
        run(options, (v2) => v2.delete(path, undefined, { prefix, timeout: timeoutMs, params: options.params })),
    };
  };
};
