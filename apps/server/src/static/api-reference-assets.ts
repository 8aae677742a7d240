import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { REFERENCE_INIT_SCRIPT, REFERENCE_STYLESHEET } from '../http/api-reference-page.ts';

const gzipAsync = promisify(gzip);

export type StaticAsset = {
  /** Named after its content, so that it can be cached for good and a new version is a new address. */
  path: string;
  contentType: string;
  body: Buffer;
  gzipped: Buffer;
};

export type ApiReferenceAssets = {
  /** Swagger UI's browser bundle (React and all it needs in one file) and its stylesheet, from swagger-ui-dist. */
  swaggerScript: StaticAsset;
  swaggerStylesheet: StaticAsset;
  /** The page's own: the script that starts Swagger UI (no inline script under the CSP), and its header's look. */
  initScript: StaticAsset;
  pageStylesheet: StaticAsset;
  byPath: ReadonlyMap<string, StaticAsset>;
};

const CONTENT_TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

const asset = async (name: string, extension: keyof typeof CONTENT_TYPES, body: Buffer): Promise<StaticAsset> => {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return {
    path: `/docs/api/${name}.${hash}.${extension}`,
    contentType: CONTENT_TYPES[extension],
    body,
    // 1.7 MB of JavaScript: 450 KB gzipped, done once (in the thread pool) rather than per request.
    gzipped: await gzipAsync(body, { level: 9 }),
  };
};

const load = async (): Promise<ApiReferenceAssets> => {
  // Resolved from this module (src/ or the built dist/): both find the workspace's node_modules. The package's own
  // folder, since swagger-ui-dist's exports name neither file.
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const [swaggerScript, swaggerStylesheet, initScript, pageStylesheet] = await Promise.all([
    readFile(join(folder, 'swagger-ui-bundle.js')).then((body) => asset('swagger-ui-bundle', 'js', body)),
    readFile(join(folder, 'swagger-ui.css')).then((body) => asset('swagger-ui', 'css', body)),
    asset('init', 'js', Buffer.from(REFERENCE_INIT_SCRIPT)),
    asset('page', 'css', Buffer.from(REFERENCE_STYLESHEET)),
  ]);
  const all = [swaggerScript, swaggerStylesheet, initScript, pageStylesheet];
  return {
    swaggerScript,
    swaggerStylesheet,
    initScript,
    pageStylesheet,
    byPath: new Map(all.map((each) => [each.path, each])),
  };
};

let loading: Promise<ApiReferenceAssets> | undefined;

/**
 * The API reference page's scripts and stylesheets, served by this server (from node_modules for Swagger UI's): the
 * page works without the internet, and the SPA's bundle never includes them. Read and compressed on first use; a
 * failed read is tried again on the next request.
 */
export const apiReferenceAssets = () =>
  (loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
