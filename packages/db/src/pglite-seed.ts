import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);
const PACKAGE_ROOT = dirname(require.resolve('@agentcast/db/package.json'));

/** The installed PGlite version: a seed made by another version must not be reused. */
const pgliteVersion = () => {
  let directory = dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(join(directory, 'package.json')) || !readFileSync(join(directory, 'package.json'), 'utf8').includes('"name": "@electric-sql/pglite"')) {
    directory = dirname(directory);
  }
  return (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { version: string }).version;
};

/**
 * A freshly initialised, empty PGlite cluster as a gzipped tarball, made once and cached in
 * packages/db/.cache. Starting a new database from it takes about 0.9 s instead of the 2.5 s of running initdb,
 * and leaves initdb's 400 MB of WebAssembly memory out of the process. `npm run build` makes it ahead of time.
 */
export const loadPgliteSeed = async (): Promise<Blob> => {
  const seedFile = join(PACKAGE_ROOT, '.cache', `pglite-${pgliteVersion()}-empty.tgz`);
  if (!existsSync(seedFile)) {
    const pglite = await PGlite.create();
    const tarball = await pglite.dumpDataDir('gzip');
    await pglite.close();
    mkdirSync(dirname(seedFile), { recursive: true });
    // Written aside, then renamed: a parallel test worker never reads half a file.
    const partial = `${seedFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, seedFile);
  }
  return new Blob([readFileSync(seedFile)]);
};
