import type { Agent } from '@atproto/api';
import { fetchFailure } from '../common/fetch-from-platform.ts';
import { PlatformError } from '../common/platform.ts';
import { blueskyPlatformError } from './bluesky-platform-error.ts';

export type BlueskyCallOptions = {
  /** For the message: 'the post', 'the image upload', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
};

/** Calls one account's server through @atproto/api; every failure comes out as a PlatformError. */
export type BlueskyRequester = <T>(options: BlueskyCallOptions, call: (agent: Agent) => Promise<T>) => Promise<T>;

/**
 * The fetch the SDK's agent sends through: to the account's server (its PDS), with the session's token, a timeout
 * that covers the answer's body too, and a lost answer classified as publishing needs it (a post that may exist is
 * `unknown`). The SDK wraps what this throws in an XRPCError; the requester unwraps it again.
 */
const fetchThrough =
  (serviceUrl: string, token: string | undefined, timeoutMs: number, options: BlueskyCallOptions) =>
  async (path: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    try {
      const response = await fetch(new URL(path, serviceUrl), {
        ...init,
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.arrayBuffer();
      return new Response(body.byteLength > 0 ? body : null, { status: response.status, headers: response.headers });
    } catch (error) {
      const endpoint = {
        platform: 'bluesky' as const,
        name: 'Bluesky',
        baseOrigin: new URL(serviceUrl).origin,
        timeoutMs,
      };
      throw fetchFailure(endpoint, error, options.createsPost ?? false);
    }
  };

/**
 * A requester for one account: its server and its session's access token (none for session calls that carry their
 * own). @atproto/api, with every lexicon of the network, loads with the first call to Bluesky, not at start-up.
 */
export const createBlueskyRequester =
  ({ serviceUrl, token, timeoutMs }: { serviceUrl: string; token?: string; timeoutMs: number }): BlueskyRequester =>
  async (options, call) => {
    const sdk = await import('@atproto/api');
    const agent = new sdk.Agent(fetchThrough(serviceUrl, token, timeoutMs, options));
    try {
      return await call(agent);
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof PlatformError) throw cause;
      if (error instanceof PlatformError) throw error;
      if (error instanceof sdk.XRPCError) throw blueskyPlatformError(error, options);
      throw error;
    }
  };
