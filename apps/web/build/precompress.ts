import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/** Writes file.gz and file.br beside a text file big enough to gain from it. */
export const writeCompressedSiblings = (file: string) => {
  const content = readFileSync(file);
  if (content.length < 1024) return;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
};

/**
 * Writes .br and .gz siblings of the text files in the build output, so the server sends compressed files
 * without compressing on every request.
 */
export const precompress = (): Plugin => ({
  name: 'agentcast-precompress',
  apply: 'build',
  writeBundle(options) {
    const outDir = options.dir;
    if (!outDir) return;
    const walk = (directory: string): string[] =>
      readdirSync(directory).flatMap((name) => {
        const path = join(directory, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path) && !path.endsWith('.map'))) {
      writeCompressedSiblings(file);
    }
  },
});
