import { PLATFORM_TEXT_LIMITS, platformTextLength } from '@agentcast/contracts/drafts-constants';
import type { AgentRow } from '@agentcast/db/schema/agents';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { passageSource } from '../../knowledge/retrieve-knowledge.ts';
import type { RunPost } from './run-post.ts';
import { createPostMedia } from './create-post-media.ts';
import { OFFLINE_WRITER_MODEL } from './offline-post-writer.ts';
import { buildPostBrief, X_MAX_CHARS } from './post-brief.ts';
import type { RunServices } from './run-services.ts';
import { tellRunProgress } from '../shared/tell-run-progress.ts';

const WHOLE_CONTEXT_MAX_CHARS = 4000;

/**
 * What a reply starts with so the person hears of it: on Mastodon a reply notifies only the accounts it mentions,
 * so it opens with their handle, as Mastodon's own apps write one. Elsewhere the reply itself reaches them.
 */
const replyAddress = (replyTo: { platform: string; authorUsername: string }) =>
  replyTo.platform === 'mastodon' ? `@${replyTo.authorUsername} ` : '';

/**
 * A reply is one post: the writer counts characters, and a platform that counts otherwise (Farcaster's bytes) may
 * find it too long, so it is cut at a word, with an ellipsis, until the platform would take it.
 */
const fitOnePost = (platform: string, text: string) => {
  const limit = PLATFORM_TEXT_LIMITS[platform] ?? Number.POSITIVE_INFINITY;
  let fitted = text;
  while (platformTextLength(platform, fitted) > limit && fitted.includes(' '))
    fitted = `${fitted.slice(0, fitted.lastIndexOf(' ', fitted.length - 2)).trimEnd()}…`;
  return fitted;
};

/** A run's post (or reply) and its media, from the whole agent and the knowledge that fits. */
export const writeRunPost = async (
  services: RunServices,
  row: AgentRow,
  run: AgentRunRow,
  { avoid }: { avoid?: string[] } = {},
): Promise<RunPost> => {
  // Searching the knowledge is part of writing: the step starts here.
  await tellRunProgress(services.events, run, 'writing');
  // A short custom context goes into the prompt whole; a long one is searched like the PDFs.
  const isContextWhole = row.customContext.length <= WHOLE_CONTEXT_MAX_CHARS;
  const briefWithoutKnowledge = buildPostBrief(row, { instruction: run.instruction });
  // Only agents with training files or a long custom context have passages to search.
  const hasIndexedKnowledge = (row.trainingFiles?.length ?? 0) > 0 || !isContextWhole;
  const passages = hasIndexedKnowledge
    ? await services.searchKnowledge({
        workspaceId: row.workspaceId,
        agentId: row.id,
        // The instruction and all the agent's topics (and the post answered): what this post and the agent are about.
        query: [
          run.instruction,
          briefWithoutKnowledge.topic,
          ...row.postConfiguration.topics,
          run.replyTo?.text ?? '',
        ].join(' '),
        includeContext: !isContextWhole,
      })
    : [];
  const brief = {
    ...briefWithoutKnowledge,
    avoid,
    customContext: isContextWhole ? row.customContext : '',
    knowledge: passages.map((passage) => ({
      text: passage.text,
      source: passageSource(passage),
      // A document's only name is the one it was uploaded with: the writer quotes it as a title only when it reads as
      // one ("Community Guide.pdf"), else as "your notes". The custom context (no pages) is the person's notes.
      ...(passage.page !== null && { title: passage.name }),
    })),
  };
  const { isOffline } = services.writer;
  const sources = passages.map(({ name, page }) => ({ name, page }));
  if (run.replyTo) {
    // A reply is one post on the platform it answers on, without media.
    const address = replyAddress(run.replyTo);
    const maxChars = (PLATFORM_TEXT_LIMITS[run.replyTo.platform] ?? X_MAX_CHARS) - address.length;
    const reply = await services.writer.writeReply({ ...brief, maxChars, xThread: false }, run.replyTo);
    return {
      text: fitOnePost(
        run.replyTo.platform,
        reply.text.startsWith(address.trim()) ? reply.text : `${address}${reply.text}`,
      ),
      model: isOffline ? OFFLINE_WRITER_MODEL : reply.model,
      isOffline,
      media: [],
      notes: [],
      sources,
    };
  }
  const post = await services.writer.writePost(brief);
  if (row.meme || row.graphic || row.video) await tellRunProgress(services.events, run, 'media');
  // A platform that takes videos vertical (Reels, Shorts) gets one composed for 9:16, made now with the rest.
  const verticalVideo = row.postConfiguration.clients.some(
    (client) => services.publishing.platforms.get(client)?.mediaRenditions?.video === 'vertical',
  );
  const media = await createPostMedia(services, { agent: row, post: post.text, brief, verticalVideo });
  return {
    text: post.text,
    model: isOffline ? OFFLINE_WRITER_MODEL : post.model,
    isOffline,
    media: media.items,
    notes: media.notes,
    sources,
  };
};
