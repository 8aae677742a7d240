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
 * The chunks an entry script imports with import() as it starts, as Vite lists them for its preload helper
 * (`__vite__mapDeps`). The landing entry loads its page this way once its text is on screen (src/landing-main.tsx),
 * so they are part of every first visit.
 */
const chunksImportedByEntry = (distDir: string, entry: string) =>
  [...readFileSync(join(distDir, entry.replace(/^\//, '')), 'utf8').matchAll(/m\.f=\[([^\]]*)\]/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/"([^"]+\.js)"/g)].map((file) => `/${file[1]}`),
  );

/**
 * Gzip bytes of the JavaScript a first visit of / downloads to run the page: the entry script, every module the page
 * preloads (as listed in the HTML the server sends for /) and the chunks the entry imports as it starts. Chunks
 * loaded on demand later (the demo tour) are not counted. Each file is gzipped on its own, as the server sends it.
 */
export const initialJsGzipBytes = (distDir: string) => {
  const html = readFileSync(pageOfHome(distDir), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1] as string);
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const files = [
    ...new Set([...entries, ...preloaded, ...entries.flatMap((entry) => chunksImportedByEntry(distDir, entry))]),
  ];
  const bytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(distDir, file.replace(/^\//, ''))), { level: 9 }).length,
    0,
  );
  return { files, bytes };
};
