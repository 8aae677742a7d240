import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Scalar's standalone browser bundle (the API reference page's renderer: Vue and all it needs in one file), served
 * by this server from node_modules: the page works without the internet, and the SPA's bundle never includes it.
 */
const BUNDLE = '@scalar/api-reference/browser/standalone.js';

export type ScalarBundle = {
  /** Named after its content, so that it can be cached for good and a new version is a new address. */
  path: string;
  body: Buffer;
  gzipped: Buffer;
};

const load = async (): Promise<ScalarBundle> => {
  // Resolved from this module (src/ or the built dist/): both find the workspace's node_modules.
  const body = await readFile(createRequire(import.meta.url).resolve(BUNDLE));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  // 3.5 MB of JavaScript: 1 MB gzipped, done once (in the thread pool) rather than per request.
  return { path: `/docs/api/scalar.${hash}.js`, body, gzipped: await gzipAsync(body, { level: 9 }) };
};

let loading: Promise<ScalarBundle> | undefined;

/** The bundle, read and compressed on first use; a failed read is tried again on the next request. */
export const scalarBundle = () =>
  (loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
