import { eq, sql } from 'drizzle-orm';
import type { Delivery, ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery, type AgentRunRow, type RunMedia } from '@agentcast/db/schema/runs';
import { terminalMessage, type TerminalMessageRow } from '@agentcast/db/schema/terminal';
import type { JobQueue } from '../jobs/create-job-queue.ts';
import { transactionExecutor } from '../jobs/transaction-executor.ts';
import { PUBLISH_DELIVERY_JOB } from '../publishing/publish-delivery-job.ts';

export type RunPost = {
  text: string;
  media: RunMedia[];
  model: string;
  isOffline: boolean;
  notes: string[];
  sources: { name: string; page: number | null }[];
};

/**
 * The run's post is written: in one transaction its terminal entry (the terminal's delivery is thereby done), the
 * run marked ready with the post kept for publishing, every other delivery ready, and a publish job for each.
 */
export const recordRunPost = async (db: Database, queue: JobQueue, run: AgentRunRow, post: RunPost, at: Date): Promise<TerminalMessageRow> =>
  db.transaction(async (tx) => {
    const deliveries = await tx
      .update(delivery)
      .set({ status: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN 'posted' ELSE 'ready' END`, updatedAt: at })
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
    await tx
      .update(agentRun)
      .set({ status: 'ready', postText: post.text, media: post.media, terminalMessageId: message.messageId, leaseUntil: null, error: null, updatedAt: at })
      .where(eq(agentRun.id, run.id));
    const toPublish = deliveries.filter((row) => row.platform !== 'terminal');
    if (toPublish.length > 0) {
      await queue.insert(
        PUBLISH_DELIVERY_JOB.name,
        toPublish.map((row) => ({ data: { deliveryId: row.id }, retryLimit: 0 })),
        { db: transactionExecutor(tx) },
      );
    }
    return message;
  });
