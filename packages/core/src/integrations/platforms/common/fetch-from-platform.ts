import type { PlatformId } from './platform.ts';
import { platformErrorFromTransport } from './platform-error-from-transport.ts';

export type PlatformAnswer = { status: number; headers: Headers; body: unknown };

/** Who is asked, for the error messages and the transport rules. */
export type PlatformEndpoint = { platform: PlatformId; name: string; baseOrigin: string; timeoutMs: number };

/** The answer's body as JSON; a text that is not JSON as `fallback(text)` (the platform's error shape). */
const readBody = async (response: Response, fallback: (text: string) => unknown) => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback(text.slice(0, 300));
  }
};

/**
 * One request to a platform over fetch, with a timeout that covers the answer too; every failure to get an answer
 * comes out as a PlatformError. fetch cannot tell how much of a request went out, so once a connection exists a
 * lost answer to the request that creates the post counts as sent (`unknown`, to be reconciled): the safe side.
 * The status is the caller's to judge: each platform words its errors in its own shape.
 */
export const fetchFromPlatform = async (
  { platform, name, baseOrigin, timeoutMs }: PlatformEndpoint,
  url: URL,
  init: RequestInit & { createsPost?: boolean; textBody?: (text: string) => unknown },
): Promise<PlatformAnswer> => {
  const { createsPost = false, textBody = (text) => ({ message: text }), ...request } = init;
  try {
    const response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, headers: response.headers, body: await readBody(response, textBody) };
  } catch (error) {
    throw fetchFailure({ platform, name, baseOrigin, timeoutMs }, error, createsPost);
  }
};

/** What a fetch that got no answer means for publishing (platformErrorFromTransport), from the error fetch threw. */
export const fetchFailure = (
  { platform, name, baseOrigin, timeoutMs }: PlatformEndpoint,
  error: unknown,
  createsPost: boolean,
) => {
  const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  const timedOut = (error as Error).name === 'TimeoutError';
  return platformErrorFromTransport({
    platform,
    name,
    baseUrl: baseOrigin,
    code,
    // Socket failures carry a code; a fetch failure without one (a refused port, a malformed request) was raised
    // before anything went out.
    sent: timedOut || code !== undefined,
    timedOut,
    timeoutMs,
    createsPost,
    cause: error,
  });
};
