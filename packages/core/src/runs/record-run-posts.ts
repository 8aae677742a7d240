import { inArray, sql } from 'drizzle-orm';
import type { Delivery, ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { delivery, type AgentRunRow, type DeliveryRow, type RunMedia } from '@agentcast/db/schema/runs';
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

const snapshotOf = (rows: DeliveryRow[]): Delivery[] =>
  [...rows]
    .sort((a, b) => Number(a.platform !== 'terminal') - Number(b.platform !== 'terminal') || a.platform.localeCompare(b.platform))
    .map((row) => ({ platform: row.platform, status: row.status, attempts: row.attempts }));

/**
 * Runs whose posts are written, recorded together in one transaction of four statements however many there are:
 * each run's terminal entry (the terminal's delivery is thereby done), the runs marked ready with their post kept
 * for publishing, and every other delivery ready — leased to the caller, who publishes them next. If the caller dies
 * first, the leases run out and the sweeper hands them to another worker.
 */
export const recordRunPosts = async (
  db: Database,
  written: { run: AgentRunRow; post: RunPost }[],
  { at, leaseMs }: { at: Date; leaseMs: number },
): Promise<RecordedRunPost[]> => {
  if (written.length === 0) return [];
  const leaseUntil = new Date(at.getTime() + leaseMs);
  return db.transaction(async (tx) => {
    const deliveries = await tx
      .update(delivery)
      .set({
        status: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN 'posted' ELSE 'ready' END`,
        leaseUntil: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN NULL ELSE ${leaseUntil.toISOString()}::timestamptz END`,
        updatedAt: at,
      })
      .where(inArray(delivery.runId, written.map(({ run }) => run.id)))
      .returning();
    const deliveriesOf = (runId: string) => deliveries.filter((row) => row.runId === runId);
    const messages = await tx
      .insert(terminalMessage)
      .values(
        written.map(({ run, post }) => ({
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
          deliveries: snapshotOf(deliveriesOf(run.id)),
          notes: post.notes,
          sources: post.sources,
        })),
      )
      .returning();
    const messageOf = new Map(messages.map((message) => [message.runId, message]));
    const rows = written.map(({ run, post }) => sql`(${run.id}::uuid, ${post.text}, ${JSON.stringify(post.media)}::jsonb, ${messageOf.get(run.id)?.messageId}::uuid)`);
    await tx.execute(sql`
      UPDATE agent_run SET status = 'ready', post_text = ready.post_text, media = ready.media, terminal_message_id = ready.message_id,
        lease_until = NULL, error = NULL, updated_at = ${at.toISOString()}::timestamptz
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS ready(id, post_text, media, message_id)
      WHERE agent_run.id = ready.id`);
    return written.map(({ run, post }) => {
      const message = messageOf.get(run.id) as TerminalMessageRow;
      return {
        message,
        run: { ...run, status: 'ready' as const, postText: post.text, media: post.media, terminalMessageId: message.messageId, leaseUntil: null, error: null, updatedAt: at },
        toPublish: deliveriesOf(run.id).filter((row) => row.platform !== 'terminal'),
      };
    });
  });
};
