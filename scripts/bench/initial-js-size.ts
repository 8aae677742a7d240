import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The HTML a first visit of / receives: the prerendered landing page when the build wrote one
 * (apps/web/build/prerender.ts puts it in pages/index.html, which the server sends for /), else index.html.
 */
const pageOfHome = (distDir: string) => {
  const prerendered = join(distDir, 'pages/index.html');
  return existsSync(prerendered) ? prerendered : join(distDir, 'index.html');
};

/**
 * Gzip bytes of the JavaScript a first visit of / must download before the page runs: the entry script and every
 * module the page preloads, as listed in the HTML the server sends for /. Chunks loaded later (import() on demand)
 * are not counted. Each file is gzipped on its own, as the server sends it.
 */
export const initialJsGzipBytes = (distDir: string) => {
  const html = readFileSync(pageOfHome(distDir), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => (match[1] ?? match[2]) as string);
  const files = [...new Set(scripts)];
  const bytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(distDir, file.replace(/^\//, ''))), { level: 9 }).length,
    0,
  );
  return { files, bytes };
};
