import { fetchFromPlatform, type PlatformAnswer } from '../common/fetch-from-platform.ts';
import { PlatformError } from '../common/platform.ts';
import { mastodonPlatformError, type MastodonNotFound } from './mastodon-platform-error.ts';

export type MastodonRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** From the instance's root: '/api/v1/statuses'. */
  path: string;
  /** A list goes as repeated `name` parameters (`id[]=1&id[]=2`), as Rails reads arrays. */
  query?: Record<string, string | string[]>;
  json?: unknown;
  /** A multipart body (a media upload); fetch sets its content type with the boundary. */
  form?: FormData;
  /** Mastodon keeps it an hour: the same key again answers the status made the first time. */
  idempotencyKey?: string;
  /** For the message: 'the post', 'the image upload', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
  /** What a 404 means, when the caller knows what its absence means. */
  notFound?: MastodonNotFound;
  /** Error statuses the caller reads itself instead of an error (the batch route's 404 on older instances). */
  accept?: number[];
};

/** Requests to one account's instance; answers the status, headers and JSON body, or throws a PlatformError. */
export type MastodonRequester = (request: MastodonRequest) => Promise<PlatformAnswer>;

/**
 * The instance a connection posts to, as an origin: the connection's own server (Mastodon has thousands), else the
 * adapter's default. Anything but an http(s) address is refused before a request could carry the token elsewhere.
 */
export const mastodonInstanceUrl = (serviceUrl: string | undefined, fallback: string) => {
  try {
    const url = new URL(serviceUrl ?? fallback);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    // Said below.
  }
  throw new PlatformError(
    'mastodon',
    'permanent',
    'reconnect_required',
    'This Mastodon connection does not name a usable instance address: connect Mastodon again.',
  );
};

/**
 * Requests to one instance over fetchFromPlatform (timeouts, lost answers), with the account's token as a Bearer
 * header when there is one (the instance's description needs none). Errors name the instance's host, never the token.
 */
export const createMastodonRequester = ({
  instanceUrl,
  accessToken,
  timeoutMs,
}: {
  instanceUrl: string;
  accessToken?: string;
  timeoutMs: number;
}): MastodonRequester => {
  const base = new URL(instanceUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = { platform: 'mastodon' as const, name: 'Mastodon', baseOrigin: base.origin, timeoutMs };

  return async (request) => {
    const url = new URL(`${root}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {}))
      for (const each of Array.isArray(value) ? value : [value]) url.searchParams.append(name, each);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (request.json !== undefined) headers['Content-Type'] = 'application/json';
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    const answer = await fetchFromPlatform(endpoint, url, {
      method: request.method,
      headers,
      body: request.json !== undefined ? JSON.stringify(request.json) : request.form,
      createsPost: request.createsPost,
      // A proxy in front of an instance answers its failures with an HTML page, which says nothing to a person.
      textBody: (text) => ({ error: text.trimStart().startsWith('<') ? undefined : text }),
    });
    if (answer.status >= 400 && !request.accept?.includes(answer.status))
      throw mastodonPlatformError({ ...answer, what: request.what, host: base.host, notFound: request.notFound });
    return answer;
  };
};
