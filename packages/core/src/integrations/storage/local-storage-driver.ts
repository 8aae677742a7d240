import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentTypeForPath } from './content-types.ts';
import { assertSafeStoragePath, type StorageBucket, type StorageDriver } from './storage-driver.ts';

const BUCKETS: readonly StorageBucket[] = ['images', 'trainingfiles'];

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Objects as files under `{rootDir}/{bucket}/{path}`, for a single machine (the default set-up). The server serves
 * `/storage/images/*` from `get`; training files are only ever read by our own code.
 */
export const createLocalStorageDriver = ({
  rootDir,
  publicBaseUrl,
}: {
  rootDir: string;
  publicBaseUrl: string;
}): StorageDriver => {
  const baseUrl = publicBaseUrl.replace(/\/+$/, '');

  const fileFor = (bucket: StorageBucket, path: string) => {
    // The type does not stop JavaScript callers or casts, and the bucket is a directory name.
    if (!BUCKETS.includes(bucket)) throw new Error(`Unknown storage bucket: ${JSON.stringify(bucket)}`);
    assertSafeStoragePath(path);
    return join(rootDir, bucket, path);
  };

  return {
    put: async ({ bucket, path, body }) => {
      const file = fileFor(bucket, path);
      await mkdir(dirname(file), { recursive: true });
      // A reader must never see half a file: write a temporary file next to the target, then hard-link it into
      // place. link() fails with EEXIST when the target exists, so an object is never overwritten, even in a race.
      // The temporary name starts with a dot, which no safe storage path can, so `get` never serves it.
      const temporary = join(dirname(file), `.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, body, { flag: 'wx' });
        await link(temporary, file);
      } finally {
        await unlink(temporary).catch(() => undefined);
      }
    },

    get: async (bucket, path) => {
      const file = fileFor(bucket, path);
      try {
        return { body: await readFile(file), contentType: contentTypeForPath(path) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    delete: async (bucket, path) => {
      await unlink(fileFor(bucket, path)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    publicImageBaseUrl: `${baseUrl}/storage/images/`,
    publicImageUrl: (path) => {
      assertSafeStoragePath(path);
      return `${baseUrl}/storage/images/${path}`;
    },
  };
};
