import { eq, sql } from 'drizzle-orm';
import type { Delivery, ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery, type AgentRunRow, type DeliveryRow, type RunMedia } from '@agentcast/db/schema/runs';
import { terminalMessage, type TerminalMessageRow } from '@agentcast/db/schema/terminal';

export type RunPost = {
  text: string;
  media: RunMedia[];
  model: string;
  isOffline: boolean;
  notes: string[];
  sources: { name: string; page: number | null }[];
};

export type RecordedRunPost = {
  message: TerminalMessageRow;
  run: AgentRunRow;
  /** The run's deliveries to platforms, ready and leased to this worker until `leaseUntil`, to publish next. */
  toPublish: DeliveryRow[];
};

/**
 * The run's post is written: in one transaction its terminal entry (the terminal's delivery is thereby done), the
 * run marked ready with the post kept for publishing, and every other delivery ready — leased to the caller, who
 * publishes them next. If the caller dies first, the leases run out and the sweeper hands them to another worker.
 */
export const recordRunPost = async (db: Database, run: AgentRunRow, post: RunPost, { at, leaseMs }: { at: Date; leaseMs: number }): Promise<RecordedRunPost> =>
  db.transaction(async (tx) => {
    const deliveries = await tx
      .update(delivery)
      .set({
        status: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN 'posted' ELSE 'ready' END`,
        leaseUntil: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN NULL ELSE ${new Date(at.getTime() + leaseMs).toISOString()}::timestamptz END`,
        updatedAt: at,
      })
      .where(eq(delivery.runId, run.id))
      .returning();
    const snapshot: Delivery[] = deliveries
      .sort((a, b) => Number(a.platform !== 'terminal') - Number(b.platform !== 'terminal') || a.platform.localeCompare(b.platform))
      .map((row) => ({ platform: row.platform, status: row.status, attempts: row.attempts }));
    const [message] = await tx
      .insert(terminalMessage)
      .values({
        agentId: run.agentId,
        userId: run.userId,
        runId: run.id,
        createdAt: at,
        tweetContent: [post.text, ...post.media.map((item) => item.url)].join('\n\n'),
        instruction: run.instruction,
        trigger: run.kind,
        replyTo: run.replyTo as ReplyTarget | null,
        model: post.model,
        isOffline: post.isOffline,
        deliveries: snapshot,
        notes: post.notes,
        sources: post.sources,
      })
      .returning();
    if (!message) throw new Error('insert returned no row');
    const [ready] = await tx
      .update(agentRun)
      .set({ status: 'ready', postText: post.text, media: post.media, terminalMessageId: message.messageId, leaseUntil: null, error: null, updatedAt: at })
      .where(eq(agentRun.id, run.id))
      .returning();
    return { message, run: ready ?? run, toPublish: deliveries.filter((row) => row.platform !== 'terminal') };
  });
