export type StorageBucket = 'images' | 'trainingfiles';
export type StoredFile = { body: Buffer; contentType: string };
export type StorageDriver = {
  /** Writes a new object. Never overwrites: rejects if the path already exists. */
  put: (input: { bucket: StorageBucket; path: string; body: Buffer; contentType: string }) => Promise<void>;
  /** null when missing. */
  get: (bucket: StorageBucket, path: string) => Promise<StoredFile | null>;
  /** Idempotent: deleting a missing object is fine. */
  delete: (bucket: StorageBucket, path: string) => Promise<void>;
  /** The public URL of an object in the public `images` bucket (training files are never public). */
  publicImageUrl: (path: string) => string;
  /** What publicImageUrl puts before the path (ends with '/'), for queries that build URLs in SQL. */
  publicImageBaseUrl: string;
};

// Segments of [A-Za-z0-9_-] joined by single slashes, the last one a file name with a lowercase extension. This
// leaves no room for `..`, absolute paths, backslashes or empty segments.
const SAFE_PATH = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/**
 * Every driver checks every path it is given, so a key can never leave its bucket (or, on disk, the storage root),
 * even if a caller passes something it should not have.
 */
export const assertSafeStoragePath = (path: string): void => {
  if (typeof path !== 'string' || !SAFE_PATH.test(path)) {
    throw new Error(`Unsafe storage path: ${JSON.stringify(path)}`);
  }
};
