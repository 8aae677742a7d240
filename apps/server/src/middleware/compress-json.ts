import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';

const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * Gzips JSON answers for clients that accept it. Agent lists run to 100 KB of very repetitive JSON, which shrinks
 * about tenfold; sending fewer bytes is cheaper for the server (measured: most of its time went to writing) as much
 * as for the network. Level 1, in the thread pool, so the event loop never waits on it.
 */
export const compressJson = () =>
  createMiddleware(async (c, next) => {
    await next();
    const response = c.res;
    if (
      !/\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ||
      !response.headers.get('content-type')?.startsWith('application/json') ||
      response.headers.has('content-encoding') ||
      !response.body
    ) {
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.append('vary', 'Accept-Encoding');
    if (body.length < MIN_BYTES) {
      c.res = new Response(body, { status: response.status, headers });
      return;
    }
    const compressed = await gzipAsync(body, { level: constants.Z_BEST_SPEED });
    headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(compressed.length));
    c.res = new Response(compressed, { status: response.status, headers });
  });
