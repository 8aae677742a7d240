import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';

const require = createRequire(import.meta.url);
const PACKAGE_ROOT = dirname(require.resolve('@agentcast/db/package.json'));

/** The installed version of a package (found from its entry point: not every package exports package.json). */
export const installedVersion = (packageName: string) => {
  let directory = dirname(require.resolve(packageName));
  for (;;) {
    const file = join(directory, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (manifest.name === packageName) return manifest.version;
    }
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`Cannot find the version of ${packageName}`);
    directory = parent;
  }
};

const seedPath = (name: string, extension = '') =>
  join(PACKAGE_ROOT, '.cache', `pglite-${installedVersion('@electric-sql/pglite')}-${name}${extension}`);

type SeedOptions = {
  /** Names the seed in the cache; change it whenever `prepare` would build something else. */
  name: string;
  /** Runs on the fresh cluster before it is saved (e.g. migrations). */
  prepare?: (pglite: PGlite) => Promise<void>;
};

/**
 * A ready PGlite cluster as a gzipped tarball, made once and cached in packages/db/.cache. Starting a database
 * from it takes about 0.9 s instead of the 2.5 s of initdb, and leaves initdb's memory (hundreds of MB of
 * WebAssembly heap, never given back) out of the process. `npm run build` makes the server's seed ahead of time.
 */
export const loadPgliteSeed = async ({ name, prepare }: SeedOptions = { name: 'empty' }): Promise<Blob> => {
  const seedFile = seedPath(name, '.tgz');
  if (!existsSync(seedFile)) {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await prepare?.(pglite);
    const tarball = await pglite.dumpDataDir('gzip');
    await pglite.close();
    mkdirSync(dirname(seedFile), { recursive: true });
    // Written aside, then renamed: a parallel process never reads half a file.
    const partial = `${seedFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, seedFile);
  }
  return new Blob([readFileSync(seedFile)]);
};

/**
 * Copies a directory tree with every file copy in flight at once: libuv's threads copy while the main thread goes
 * on (the server loads its modules meanwhile), about 2.5 times as fast as cpSync for a cluster's 1,200 files.
 */
const copyDirectory = async (from: string, to: string): Promise<void> => {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyDirectory(join(from, entry.name), join(to, entry.name))
        : copyFile(join(from, entry.name), join(to, entry.name)),
    ),
  );
};

/**
 * The same idea for a database on disk: a prepared cluster kept as a directory and copied into place. Unlike
 * loadDataDir, copying never holds the cluster in JavaScript memory (that cost about 100 MB on a first start).
 */
export const createClusterFromSeed = async (dataDir: string, { name, prepare }: SeedOptions) => {
  const seedDirectory = seedPath(name);
  if (!existsSync(join(seedDirectory, 'PG_VERSION'))) {
    const building = `${seedDirectory}.${process.pid}.partial`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(dirname(building), { recursive: true });
    const pglite = await PGlite.create(building, {
      loadDataDir: await loadPgliteSeed(),
      extensions: PGLITE_EXTENSIONS,
    });
    await prepare?.(pglite);
    await pglite.close();
    try {
      renameSync(building, seedDirectory);
    } catch {
      // Another process finished the same seed first; theirs is as good.
      rmSync(building, { recursive: true, force: true });
    }
  }
  // Copied aside, then renamed over the (empty) data directory: a start cut short never leaves half a cluster.
  const copying = `${dataDir}.${process.pid}.partial`;
  rmSync(copying, { recursive: true, force: true });
  await copyDirectory(seedDirectory, copying);
  renameSync(copying, dataDir);
};
