import { assertSafeStoragePath, type StorageBucket, type StorageDriver } from './storage-driver.ts';

export type S3StorageConfig = {
  /** For S3-compatible services (MinIO, R2, our fake); omitted for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `/{bucket}/{key}` URLs, which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** The real bucket name behind each of our buckets. */
  buckets: Record<StorageBucket, string>;
  /** Where the `images` bucket is publicly readable (a CDN or the bucket's website URL), without trailing slash. */
  publicImageBaseUrl: string;
};

/**
 * Objects in S3 or an S3-compatible service, for when several processes or machines share the files. The AWS SDK
 * is imported here, on use, so that installs on local storage never load it (about 12 MB of memory).
 */
export const createS3StorageDriver = async (config: S3StorageConfig): Promise<StorageDriver> => {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default adds aws-chunked checksum trailers, which MinIO versions and our fake do not all accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const baseUrl = config.publicImageBaseUrl.replace(/\/+$/, '');
  const target = (bucket: StorageBucket, path: string) => {
    assertSafeStoragePath(path);
    const name = Object.hasOwn(config.buckets, bucket) ? config.buckets[bucket] : undefined;
    if (!name) throw new Error(`Unknown storage bucket: ${JSON.stringify(bucket)}`);
    return { Bucket: name, Key: path };
  };

  return {
    put: async ({ bucket, path, body, contentType }) => {
      await client.send(
        new PutObjectCommand({
          ...target(bucket, path),
          Body: body,
          ContentType: contentType,
          // Paths are unique (timestamped), so an object never changes once written: never overwrite it, and let
          // browsers and CDNs keep it forever.
          IfNoneMatch: '*',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    get: async (bucket, path) => {
      try {
        const answer = await client.send(new GetObjectCommand(target(bucket, path)));
        const bytes = await answer.Body?.transformToByteArray();
        return { body: Buffer.from(bytes ?? []), contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    delete: async (bucket, path) => {
      // S3 answers 204 for a missing key too, so this is idempotent as it stands.
      await client.send(new DeleteObjectCommand(target(bucket, path)));
    },

    publicImageBaseUrl: `${baseUrl}/`,
    publicImageUrl: (path) => {
      assertSafeStoragePath(path);
      return `${baseUrl}/${path}`;
    },
  };
};
