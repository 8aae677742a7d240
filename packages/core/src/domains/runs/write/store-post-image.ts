import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import type { RunMedia } from '@agentcast/db/schema/runs';
import { inspectImage } from '../../../integrations/storage/inspect-image.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import { agentMediaPath } from '../../../integrations/storage/storage-paths.ts';
import { AppError } from '../../../kernel/app-error.ts';

/**
 * An image a person attached to a post, checked to be a picture and re-encoded (metadata stripped) like an agent's
 * image, then kept in the public images bucket beside the media agents make. A file that is no picture is the
 * `image` field's error.
 */
export const storePostImage = async (
  storage: StorageDriver,
  workspaceId: string,
  image: { name: string; body: Buffer },
): Promise<RunMedia> => {
  if (image.body.length > MAX_IMAGE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.imageTooLarge, {
      fieldErrors: { image: [UPLOAD_MESSAGES.imageTooLarge] },
    });
  }
  const inspected = await inspectImage(image.body).catch((error: unknown) => {
    if (error instanceof AppError)
      throw new AppError(error.code, error.message, { fieldErrors: { image: [error.message] } });
    throw error;
  });
  const path = agentMediaPath(workspaceId, inspected.extension);
  await storage.put({ bucket: 'images', path, body: inspected.body, contentType: inspected.contentType });
  return { kind: 'image', path, contentType: inspected.contentType, url: storage.publicImageUrl(path) };
};
