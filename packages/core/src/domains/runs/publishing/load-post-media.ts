import type { RunMedia } from '@agentcast/db/schema/runs';
import type { PostMedia } from '../../../integrations/platforms/common/platform.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';

/** The bytes of a run's media, from the images bucket, for the platforms that upload them. */
export const loadPostMedia = async (storage: StorageDriver, media: RunMedia[]): Promise<PostMedia[]> => {
  const loaded: PostMedia[] = [];
  for (const item of media) {
    const file = await storage.get('images', item.path);
    if (!file) throw new Error(`The run's ${item.kind} is missing from storage (${item.path})`);
    loaded.push({ kind: item.kind, bytes: file.body, contentType: item.contentType });
  }
  return loaded;
};
