import { and, eq } from 'drizzle-orm';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { agent } from '@agentcast/db/schema/agents';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { passageSource } from '../knowledge/retrieve-knowledge.ts';
import { toTerminalMessage } from '../terminal/terminal-message-resource.ts';
import { createPostMedia } from './create-post-media.ts';
import { deliveriesFor } from './deliveries-for.ts';
import { OFFLINE_WRITER_MODEL } from './offline-post-writer.ts';
import { buildPostBrief } from './post-brief.ts';
import type { RunAgentRequest } from './run-agent-job.ts';
import type { RuntimeServices } from './runtime-services.ts';

const WHOLE_CONTEXT_MAX_CHARS = 4000;

/**
 * One run: write the post, make its media, record it in the terminal with one insert (so a failure leaves no half
 * entry), and tell every process. Returns null when the agent no longer exists.
 */
export const runAgent = async (services: RuntimeServices, request: RunAgentRequest): Promise<TerminalMessage | null> => {
  const { db, writer, events } = services;
  const [row] = await db
    .select()
    .from(agent)
    .where(and(eq(agent.id, request.agentId), eq(agent.userId, request.userId)))
    .limit(1);
  if (!row) return null;

  // A short custom context goes into the prompt whole; a long one is searched like the PDFs.
  const isContextWhole = row.customContext.length <= WHOLE_CONTEXT_MAX_CHARS;
  const briefWithoutKnowledge = buildPostBrief(row, { instruction: request.instruction });
  const passages = await services.searchKnowledge({
    userId: row.userId,
    agentId: row.id,
    // The instruction and all the agent's topics: the passages that fit this post and what the agent is about.
    query: [request.instruction, briefWithoutKnowledge.topic, ...row.postConfiguration.topics].join(' '),
    includeContext: !isContextWhole,
  });
  const brief = {
    ...briefWithoutKnowledge,
    customContext: isContextWhole ? row.customContext : '',
    knowledge: passages.map((passage) => ({ text: passage.text, source: passageSource(passage) })),
  };
  const post = await writer.writePost(brief);
  const media = await createPostMedia(services, { agent: row, post: post.text, brief });

  const [inserted] = await db
    .insert(terminalMessage)
    .values({
      agentId: row.id,
      userId: row.userId,
      tweetContent: [post.text, ...media.urls].join('\n\n'),
      instruction: request.instruction,
      trigger: request.trigger,
      model: writer.isOffline ? OFFLINE_WRITER_MODEL : post.model,
      isOffline: writer.isOffline,
      deliveries: deliveriesFor(row),
      notes: media.notes,
      sources: passages.map(({ name, page }) => ({ name, page })),
    })
    .returning();
  if (!inserted) throw new Error('insert returned no row');
  await events.publish({ type: 'terminal.message', userId: row.userId, agentId: row.id, messageId: inserted.messageId, triggerId: request.triggerId });
  return toTerminalMessage(inserted);
};
