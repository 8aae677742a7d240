import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip bytes of the JavaScript a first visit must download before the page runs: the entry script and every
 * module it preloads, as listed in the built index.html. Lazy chunks are not counted.
 */
export const initialJsGzipBytes = (distDir: string) => {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
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
