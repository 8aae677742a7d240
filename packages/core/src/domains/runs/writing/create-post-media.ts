import type { AgentRow } from '@agentcast/db/schema/agents';
import type { RunMedia } from '@agentcast/db/schema/runs';
import { extractKeyLine } from '../../../integrations/media/key-line.ts';
import { renderGraphicCard } from '../../../integrations/media/render-graphic-card.ts';
import { renderMeme } from '../../../integrations/media/render-meme.ts';
import { FfmpegMissingError, renderVideo } from '../../../integrations/media/render-video.ts';
import { agentMediaPath } from '../../../integrations/storage/storage-paths.ts';
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
  render: () => Promise<Buffer>;
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
  { agent, post, brief }: { agent: AgentRow; post: string; brief: PostBrief },
): Promise<PostMedia> => {
  const keyLine = extractKeyLine(post);
  const media: Medium[] = [];
  if (agent.meme) {
    media.push({
      label: 'Meme',
      kind: 'image',
      extension: 'png',
      contentType: 'image/png',
      render: async () => {
        const caption = await writer.writeMemeCaption(post, brief);
        return renderMeme({ topText: caption.top, bottomText: caption.bottom });
      },
    });
  }
  if (agent.graphic) {
    media.push({
      label: 'Graphic',
      kind: 'image',
      extension: 'png',
      contentType: 'image/png',
      render: () => renderGraphicCard({ keyLine, agentName: agent.name }),
    });
  }
  if (agent.video) {
    media.push({
      label: 'Video',
      kind: 'video',
      extension: 'mp4',
      contentType: 'video/mp4',
      render: () => renderVideo({ keyLine, agentName: agent.name, ffmpegPath }),
    });
  }

  const result: PostMedia = { items: [], notes: [] };
  for (const medium of media) {
    try {
      const body = await medium.render();
      const path = agentMediaPath(agent.userId, medium.extension);
      await storage.put({ bucket: 'images', path, body, contentType: medium.contentType });
      result.items.push({
        kind: medium.kind,
        path,
        contentType: medium.contentType,
        url: storage.publicImageUrl(path),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result.notes.push(error instanceof FfmpegMissingError ? reason : `${medium.label} skipped: ${reason}`);
      logger.warn({ err: error, agentId: agent.id, medium: medium.label }, 'A medium could not be made');
    }
  }
  return result;
};
