import { posterPathFor } from '@agentcast/contracts/terminal';
import type { AgentRow } from '@agentcast/db/schema/agents';
import type { RunMedia } from '@agentcast/db/schema/runs';
import { mediaTemplatesFor } from '../../../integrations/media/media-templates.ts';
import { renderGraphicCard } from '../../../integrations/media/render-graphic-card.ts';
import { renderMeme } from '../../../integrations/media/render-meme.ts';
import { FfmpegMissingError, renderVideo } from '../../../integrations/media/render-video.ts';
import {
  agentMediaPath,
  renditionPathFor,
  verticalPosterPathFor,
} from '../../../integrations/storage/storage-paths.ts';
import type { PostBrief } from './post-brief.ts';
import type { Logger } from 'pino';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import type { PostWriter } from './post-writer.ts';

export type PostMedia = {
  /** In the order meme, graphic, video: where each is stored and its public URL. */
  items: RunMedia[];
  /** Why a medium the agent asked for is missing; shown in the terminal entry. */
  notes: string[];
};

type Medium = {
  label: string;
  kind: RunMedia['kind'];
  extension: 'png' | 'mp4';
  contentType: string;
  /**
   * The file, and for a video its poster frame (a PNG stored beside it), how its card was drawn, and its 9:16 form
   * when one of the agent's platforms takes videos vertical (made alongside, so neither waits for the other).
   */
  render: () => Promise<{
    body: Buffer;
    poster?: Buffer;
    card?: RunMedia['card'];
    vertical?: Promise<{ video: Buffer; poster: Buffer }>;
  }>;
};

/** The agent's uploaded picture for its card, or null (none, or gone from storage: the card shows the initial). */
const loadAvatar = async (storage: StorageDriver, agent: AgentRow, logger: Logger) => {
  if (!agent.imagePath) return null;
  try {
    return (await storage.get('images', agent.imagePath))?.body ?? null;
  } catch (error) {
    logger.warn({ err: error, agentId: agent.id }, "The agent's picture could not be read for its card");
    return null;
  }
};

/**
 * The media an agent's flags ask for, rendered and stored in the public images bucket. A medium that fails is
 * noted and skipped: the post itself still goes out.
 */
export const createPostMedia = async (
  {
    storage,
    writer,
    logger,
    ffmpegPath,
  }: { storage: StorageDriver; writer: PostWriter; logger: Logger; ffmpegPath: string },
  {
    agent,
    post,
    brief,
    verticalVideo = false,
  }: {
    agent: AgentRow;
    post: string;
    brief: PostBrief;
    /**
     * One of the agent's platforms takes videos vertical (Reels, Shorts): the video composed for 9:16 is made now,
     * with the rest, rather than in the delivery's lease.
     */
    verticalVideo?: boolean;
  },
): Promise<PostMedia> => {
  const templates = mediaTemplatesFor(agent.id, post);
  // One headline for the card and the video, asked for once and only when one of them is wanted.
  let headline: Promise<string> | undefined;
  const headlineOf = () => (headline ??= writer.writeImageHeadline(post, brief));
  let avatar: Promise<Buffer | null> | undefined;
  const avatarOf = () => (avatar ??= loadAvatar(storage, agent, logger));

  const media: Medium[] = [];
  if (agent.meme) {
    media.push({
      label: 'Meme',
      kind: 'image',
      extension: 'png',
      contentType: 'image/png',
      render: async () => {
        const caption = await writer.writeMemeCaption(post, brief);
        return {
          body: await renderMeme({ topText: caption.top, bottomText: caption.bottom, template: templates.meme }),
        };
      },
    });
  }
  if (agent.graphic) {
    media.push({
      label: 'Graphic',
      kind: 'image',
      extension: 'png',
      contentType: 'image/png',
      render: async () => ({
        body: await renderGraphicCard({
          keyLine: await headlineOf(),
          agentName: agent.name,
          avatar: await avatarOf(),
          layout: templates.card,
        }),
      }),
    });
  }
  if (agent.video) {
    media.push({
      label: 'Video',
      kind: 'video',
      extension: 'mp4',
      contentType: 'video/mp4',
      render: async () => {
        const card = { keyLine: await headlineOf(), layout: templates.card, agentName: agent.name, ffmpegPath };
        const avatar = await avatarOf();
        const vertical = verticalVideo ? renderVideo({ ...card, avatar, format: 'portrait' }) : undefined;
        // Not left unhandled while the landscape video renders; awaited (and its failure noted) below.
        vertical?.catch(() => undefined);
        const { video, poster } = await renderVideo({ ...card, avatar });
        // Kept with the medium: a platform that wants it vertical later gets it composed for 9:16 from this.
        const { keyLine, layout, agentName } = card;
        return { body: video, poster, card: { keyLine, layout, agentName, avatarPath: agent.imagePath }, vertical };
      },
    });
  }

  /**
   * The 9:16 video where the delivery looks for the vertical form of `path` (load-post-media.ts), its cover first.
   * Without it (it failed) the delivery composes it when it publishes: the post is not held up.
   */
  const storeVertical = async (vertical: Promise<{ video: Buffer; poster: Buffer }>, path: string) => {
    try {
      const { video, poster } = await vertical;
      await storage.put({
        bucket: 'images',
        path: verticalPosterPathFor(path),
        body: poster,
        contentType: 'image/png',
      });
      await storage.put({
        bucket: 'images',
        path: renditionPathFor(path, 'vertical'),
        body: video,
        contentType: 'video/mp4',
      });
    } catch (error) {
      logger.warn({ err: error, agentId: agent.id }, 'The vertical video could not be made with the post');
    }
  };

  const result: PostMedia = { items: [], notes: [] };
  for (const medium of media) {
    try {
      const { body, poster, card, vertical } = await medium.render();
      const path = agentMediaPath(agent.workspaceId, medium.extension);
      const posterPath = poster ? posterPathFor(path) : undefined;
      if (vertical) await storeVertical(vertical, path);
      // The poster first: a video listed in tweet_content always has its poster beside it.
      if (poster && posterPath)
        await storage.put({ bucket: 'images', path: posterPath, body: poster, contentType: 'image/png' });
      await storage.put({ bucket: 'images', path, body, contentType: medium.contentType });
      result.items.push({
        kind: medium.kind,
        path,
        contentType: medium.contentType,
        url: storage.publicImageUrl(path),
        ...(posterPath ? { posterPath, posterUrl: storage.publicImageUrl(posterPath) } : {}),
        ...(card && { card }),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result.notes.push(error instanceof FfmpegMissingError ? reason : `${medium.label} skipped: ${reason}`);
      logger.warn({ err: error, agentId: agent.id, medium: medium.label }, 'A medium could not be made');
    }
  }
  return result;
};
