import { and, eq } from 'drizzle-orm';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { agent, type AgentRow } from '@agentcast/db/schema/agents';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { passageSource } from '../knowledge/retrieve-knowledge.ts';
import { publishDelivery } from '../publishing/publish-delivery.ts';
import { claimRun } from '../runs/claim-run.ts';
import { endRunWithoutPost } from '../runs/end-run-without-post.ts';
import { isRepeatedSkip } from '../runs/is-repeated-skip.ts';
import { recordRunPost } from '../runs/record-run-post.ts';
import { toTerminalMessage } from '../terminal/terminal-message-resource.ts';
import { createPostMedia } from './create-post-media.ts';
import { OFFLINE_WRITER_MODEL } from './offline-post-writer.ts';
import { buildPostBrief, X_MAX_CHARS } from './post-brief.ts';
import type { RuntimeServices } from './runtime-services.ts';

const WHOLE_CONTEXT_MAX_CHARS = 4000;

/** The post (or reply) and its media, from the whole agent and the knowledge that fits. */
const writeRunPost = async (services: RuntimeServices, row: AgentRow, run: AgentRunRow) => {
  // A short custom context goes into the prompt whole; a long one is searched like the PDFs.
  const isContextWhole = row.customContext.length <= WHOLE_CONTEXT_MAX_CHARS;
  const briefWithoutKnowledge = buildPostBrief(row, { instruction: run.instruction });
  // Only agents with training files or a long custom context have passages to search.
  const hasIndexedKnowledge = (row.trainingFiles?.length ?? 0) > 0 || !isContextWhole;
  const passages = hasIndexedKnowledge
    ? await services.searchKnowledge({
        userId: row.userId,
        agentId: row.id,
        // The instruction and all the agent's topics (and the post answered): what this post and the agent are about.
        query: [run.instruction, briefWithoutKnowledge.topic, ...row.postConfiguration.topics, run.replyTo?.text ?? ''].join(' '),
        includeContext: !isContextWhole,
      })
    : [];
  const brief = {
    ...briefWithoutKnowledge,
    customContext: isContextWhole ? row.customContext : '',
    knowledge: passages.map((passage) => ({ text: passage.text, source: passageSource(passage) })),
  };
  if (run.replyTo) {
    // Replies go to X only, without media.
    const reply = await services.writer.writeReply({ ...brief, maxChars: X_MAX_CHARS }, run.replyTo);
    return { text: reply.text, model: reply.model, media: { items: [], notes: [] }, passages };
  }
  const post = await services.writer.writePost(brief);
  const media = await createPostMedia(services, { agent: row, post: post.text, brief });
  return { text: post.text, model: post.model, media, passages };
};

/**
 * Works one planned run: takes it under a lease, re-checks the owner's membership for scheduled posts and replies,
 * writes the post and its media, and records it — terminal entry and deliveries — in one transaction, then tells
 * every process and publishes to the platforms. Returns the terminal message, or null when there was nothing to do
 * (done, taken, or skipped).
 */
export const runAgent = async (services: RuntimeServices, { runId }: { runId: string }): Promise<TerminalMessage | null> => {
  const { db, events } = services;
  const run = await claimRun(db, { runId, now: services.now(), leaseMs: services.generationLeaseMs });
  if (!run) return null;
  const [row] = await db
    .select()
    .from(agent)
    .where(and(eq(agent.id, run.agentId), eq(agent.userId, run.userId)))
    .limit(1);
  if (!row) return null;

  if (run.kind !== 'manual') {
    const membership = await services.checkMembership(run.userId);
    if (!membership.allowed) {
      const isRepeat = await isRepeatedSkip(db, { agentId: run.agentId, kind: run.kind, runId: run.id, reason: membership.reason });
      const note = isRepeat ? null : PUBLISHING_MESSAGES.membershipLost(membership.reason);
      const entry = await endRunWithoutPost(db, run, { status: 'skipped', reason: membership.reason, note, at: services.now() });
      if (entry) await events.publish({ type: 'terminal.message', userId: run.userId, agentId: run.agentId, messageId: entry.messageId });
      services.logger.info({ runId, userId: run.userId, reason: membership.reason }, 'Run skipped: membership');
      return null;
    }
  }

  const written = await writeRunPost(services, row, run);
  const recorded = await recordRunPost(
    db,
    run,
    {
      text: written.text,
      media: written.media.items,
      model: services.writer.isOffline ? OFFLINE_WRITER_MODEL : written.model,
      isOffline: services.writer.isOffline,
      notes: written.media.notes,
      sources: written.passages.map(({ name, page }) => ({ name, page })),
    },
    { at: services.now(), leaseMs: services.publishing.timing.postingLeaseMs },
  );
  const { message } = recorded;
  await events.publish({ type: 'terminal.message', userId: run.userId, agentId: run.agentId, messageId: message.messageId, triggerId: run.triggerId ?? undefined });
  // Published here and now, under the leases just taken: no queue round trip for the common case.
  await Promise.all(
    recorded.toPublish.map((claimed) =>
      publishDelivery(services.publishing, { deliveryId: claimed.id, claimed, run: recorded.run }).catch((error: unknown) =>
        services.logger.error({ err: error, deliveryId: claimed.id }, 'Publishing failed unexpectedly; the sweeper will retry it'),
      ),
    ),
  );
  return toTerminalMessage(message);
};
