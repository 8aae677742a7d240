import type { RunMedia } from '@agentcast/db/schema/runs';
import { toVerticalVideo } from '../../../integrations/media/platform-renditions.ts';
import { CARD_LAYOUTS, type CardLayout } from '../../../integrations/media/render-graphic-card.ts';
import { renderVideo } from '../../../integrations/media/render-video.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import { verticalPosterPathFor } from '../../../integrations/storage/storage-paths.ts';

type VerticalServices = { storage: StorageDriver; ffmpegPath?: string };

/** Stores a file that another delivery may be storing at the same moment: stored objects are never overwritten. */
const putOnce = async (storage: StorageDriver, path: string, body: Buffer, contentType: string) => {
  try {
    await storage.put({ bucket: 'images', path, body, contentType });
  } catch (error) {
    if (!(await storage.get('images', path))) throw error;
  }
};

const pictureOf = async (storage: StorageDriver, path: string | null) => {
  if (!path) return null;
  // A picture removed since (a new avatar) leaves the initial in its place, as on any card.
  return (await storage.get('images', path).catch(() => null))?.body ?? null;
};

/**
 * The 9:16 form of a run's video that Reels and Shorts take (issue 41 §9). A video the agent generated is composed
 * again for portrait from how its card was drawn (`card`), its poster beside it as the Reel's cover; any other (a
 * person's own, or one made before cards were kept) is centred on a 9:16 frame of the card's ink.
 */
export const verticalVideoOf = async (
  { storage, ffmpegPath }: VerticalServices,
  item: Pick<RunMedia, 'path' | 'card'>,
  readOriginal: () => Promise<Buffer>,
): Promise<Buffer> => {
  const { card } = item;
  if (!card) return toVerticalVideo(await readOriginal(), ffmpegPath);
  const layout = (CARD_LAYOUTS as readonly string[]).includes(card.layout) ? (card.layout as CardLayout) : undefined;
  const { video, poster } = await renderVideo({
    keyLine: card.keyLine,
    agentName: card.agentName,
    avatar: await pictureOf(storage, card.avatarPath),
    layout,
    format: 'portrait',
    ffmpegPath,
  });
  // The poster before the video: a vertical video found in storage always has its cover beside it.
  await putOnce(storage, verticalPosterPathFor(item.path), poster, 'image/png');
  return video;
};
