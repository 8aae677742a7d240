import type { PostVideoType } from '@agentcast/contracts/compose-constants';
import type { RunMedia } from '@agentcast/db/schema/runs';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import { storePostImage } from '../write/store-post-image.ts';
import { storePostVideo } from '../write/store-post-video.ts';

type UploadedFile = { name: string; body: Buffer };

/** Removes media stored for a post that was then not saved. */
export const deleteComposedMedia = (storage: StorageDriver, media: RunMedia[]) =>
  Promise.allSettled(media.map((item) => storage.delete('images', item.path)));

/**
 * Stores a written post's images (each checked and re-encoded) or its video, in order. When one is refused, those
 * stored before it are removed: a refused post leaves no files.
 */
export const storeComposedMedia = async (
  storage: StorageDriver,
  workspaceId: string,
  { images, video }: { images: UploadedFile[]; video?: { file: UploadedFile; type: PostVideoType } },
): Promise<RunMedia[]> => {
  const stored: RunMedia[] = [];
  try {
    for (const image of images) stored.push(await storePostImage(storage, workspaceId, image));
    if (video) stored.push(await storePostVideo(storage, workspaceId, video.file, video.type));
  } catch (error) {
    await deleteComposedMedia(storage, stored);
    throw error;
  }
  return stored;
};
