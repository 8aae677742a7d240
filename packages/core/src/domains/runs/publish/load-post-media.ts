import type { RunMedia } from '@agentcast/db/schema/runs';
import { toJpeg } from '../../../integrations/media/platform-renditions.ts';
import type { PostMedia, PublishingPlatform } from '../../../integrations/platforms/common/platform.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import {
  renditionPathFor,
  verticalPosterPathFor,
  type MediaRendition,
} from '../../../integrations/storage/storage-paths.ts';
import { verticalVideoOf } from './vertical-video.ts';

type MediaServices = { storage: StorageDriver; ffmpegPath?: string };

const readStored = async (storage: StorageDriver, path: string, what: string) => {
  const file = await storage.get('images', path);
  if (!file) throw new Error(`The run's ${what} is missing from storage (${path})`);
  return file.body;
};

/**
 * The platform's form of one medium, made from the original on first use and kept beside it in the public bucket
 * (the platform may fetch it from its URL, as Instagram does). A retry or the next platform finds it there.
 */
const makeRendition = async (
  services: MediaServices,
  item: Pick<RunMedia, 'path' | 'kind' | 'card'>,
  form: MediaRendition,
): Promise<{ path: string; bytes: Buffer; contentType: string }> => {
  const { storage } = services;
  const path = renditionPathFor(item.path, form);
  const contentType = form === 'jpeg' ? 'image/jpeg' : 'video/mp4';
  const kept = await storage.get('images', path);
  if (kept) return { path, bytes: kept.body, contentType };
  const original = () => readStored(storage, item.path, item.kind);
  const bytes = form === 'jpeg' ? await toJpeg(await original()) : await verticalVideoOf(services, item, original);
  try {
    await storage.put({ bucket: 'images', path, body: bytes, contentType });
  } catch (error) {
    // Another delivery of the same run (the Reel and the Short) made it at the same moment: stored objects are
    // never overwritten, so theirs is the one every URL serves.
    const theirs = await storage.get('images', path);
    if (!theirs) throw error;
    return { path, bytes: theirs.body, contentType };
  }
  return { path, bytes, contentType };
};

/**
 * Renditions being made in this process, by path: the Reel and the Short of one run are published side by side,
 * and one video composed for them both is half the work (another process may still make its own; storage keeps one).
 */
const inFlight = new Map<string, ReturnType<typeof makeRendition>>();

const rendition = (services: MediaServices, item: Pick<RunMedia, 'path' | 'kind' | 'card'>, form: MediaRendition) => {
  const path = renditionPathFor(item.path, form);
  const made = inFlight.get(path) ?? makeRendition(services, item, form).finally(() => inFlight.delete(path));
  inFlight.set(path, made);
  return made;
};

/** Which form, if any, this platform needs of this medium. */
const formFor = (item: RunMedia, wanted: PublishingPlatform['mediaRenditions']): MediaRendition | undefined => {
  if (item.kind === 'image' && wanted?.image === 'jpeg' && item.contentType !== 'image/jpeg') return 'jpeg';
  if (item.kind === 'video' && wanted?.video === 'vertical') return 'vertical';
  return undefined;
};

/**
 * A run's media as the platform takes them: the bytes (for platforms that upload them) and the public URL (for
 * those that fetch them), in the form the platform asks for (`mediaRenditions`).
 */
export const loadPostMedia = async (
  services: MediaServices,
  media: RunMedia[],
  wanted?: PublishingPlatform['mediaRenditions'],
): Promise<PostMedia[]> => {
  const loaded: PostMedia[] = [];
  for (const item of media) {
    const form = formFor(item, wanted);
    const file = form
      ? await rendition(services, item, form)
      : {
          path: item.path,
          bytes: await readStored(services.storage, item.path, item.kind),
          contentType: item.contentType,
        };
    // A vertical video made for 9:16 has a poster of its shape beside it: a Reel's cover in the Reel's own shape.
    const verticalPoster = form === 'vertical' ? verticalPosterPathFor(item.path) : undefined;
    const shapedPoster =
      verticalPoster && (await services.storage.get('images', verticalPoster)) ? verticalPoster : item.posterPath;
    // A video's poster is a PNG: a platform that takes JPEG images only takes its cover as a JPEG too.
    const posterPath =
      shapedPoster && wanted?.image === 'jpeg'
        ? (await rendition(services, { path: shapedPoster, kind: 'image' }, 'jpeg')).path
        : shapedPoster;
    loaded.push({
      kind: item.kind,
      bytes: file.bytes,
      contentType: file.contentType,
      publicUrl: services.storage.publicImageUrl(file.path),
      ...(posterPath && { posterUrl: services.storage.publicImageUrl(posterPath) }),
    });
  }
  return loaded;
};
