import { inArray, sql } from 'drizzle-orm';
import type { Delivery, ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { jsonRecords, queryRows, tableRows } from '@agentcast/db/query-rows';
import { delivery, type AgentRunRow, type DeliveryRow } from '@agentcast/db/schema/runs';
import { terminalMessage, type TerminalMessageRow } from '@agentcast/db/schema/terminal';
import type { RunPost } from '../write/run-post.ts';

/** A written post to record; `review`: its agent has review on, so it becomes a draft instead of being published. */
export type WrittenRunPost = { run: AgentRunRow; post: RunPost; review: boolean };

export type RecordedRunPost = {
  message: TerminalMessageRow;
  run: AgentRunRow;
  /** The run's deliveries to platforms, ready and leased to this worker until `leaseUntil`, to publish next (none for a draft). */
  toPublish: DeliveryRow[];
};

const snapshotOf = (rows: DeliveryRow[]): Delivery[] =>
  [...rows]
    .sort(
      (a, b) =>
        Number(a.platform !== 'terminal') - Number(b.platform !== 'terminal') || a.platform.localeCompare(b.platform),
    )
    .map((row) => ({ platform: row.platform, status: row.status, attempts: row.attempts }));

/**
 * Runs whose posts are written, recorded together in one transaction of a few statements however many there are:
 * each run's terminal entry (the terminal's delivery is thereby done), the runs marked ready with their post kept
 * for publishing, and every other delivery ready — leased to the caller, who publishes them next. If the caller dies
 * first, the leases run out and the sweeper hands them to another worker. A draft (`review`) is recorded the same
 * way but waits: the run and all its deliveries `awaiting_review`, nothing leased, until a person approves it.
 */
export const recordRunPosts = async (
  db: Database,
  written: WrittenRunPost[],
  { at, leaseMs }: { at: Date; leaseMs: number },
): Promise<RecordedRunPost[]> => {
  if (written.length === 0) return [];
  const leaseUntil = new Date(at.getTime() + leaseMs);
  const byReview = (review: boolean) => written.filter((item) => item.review === review).map(({ run }) => run.id);
  return db.transaction(async (tx) => {
    const published = byReview(false);
    const drafts = byReview(true);
    const deliveries = [
      ...(published.length > 0
        ? await tx
            .update(delivery)
            .set({
              status: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN 'posted' ELSE 'ready' END`,
              leaseUntil: sql`CASE WHEN ${delivery.platform} = 'terminal' THEN NULL ELSE ${leaseUntil.toISOString()}::timestamptz END`,
              updatedAt: at,
            })
            .where(inArray(delivery.runId, published))
            .returning()
        : []),
      ...(drafts.length > 0
        ? await tx
            .update(delivery)
            .set({ status: 'awaiting_review', leaseUntil: null, updatedAt: at })
            .where(inArray(delivery.runId, drafts))
            .returning()
        : []),
    ];
    const deliveriesOf = (runId: string) => deliveries.filter((row) => row.runId === runId);
    const messageRows = jsonRecords(
      terminalMessage,
      written.map(({ run, post }) => ({
        agentId: run.agentId,
        workspaceId: run.workspaceId,
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
    );
    const messages = tableRows(
      terminalMessage,
      await queryRows<Record<string, unknown>>(
        tx,
        sql`INSERT INTO terminal_message (${messageRows.columns}) SELECT ${messageRows.columns} FROM ${messageRows.source} RETURNING *`,
      ),
    );
    const messageOf = new Map(messages.map((message) => [message.runId, message]));
    const statusOf = (review: boolean) => (review ? 'awaiting_review' : 'ready');
    // A scheduled post is planned to go out at its slot; the rest (triggers, replies) as soon as they may.
    const publishAtOf = (run: AgentRunRow) => run.dueAt ?? at;
    const rows = written.map(
      ({ run, post, review }) =>
        sql`(${run.id}::uuid, ${statusOf(review)}, ${post.text}, ${JSON.stringify(post.media)}::jsonb, ${messageOf.get(run.id)?.messageId}::uuid, ${publishAtOf(run).toISOString()}::timestamptz)`,
    );
    await tx.execute(sql`
      UPDATE agent_run SET status = written.status, post_text = written.post_text, media = written.media,
        terminal_message_id = written.message_id, publish_at = written.publish_at,
        lease_until = NULL, error = NULL, updated_at = ${at.toISOString()}::timestamptz
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS written(id, status, post_text, media, message_id, publish_at)
      WHERE agent_run.id = written.id`);
    return written.map(({ run, post, review }) => {
      const message = messageOf.get(run.id) as TerminalMessageRow;
      return {
        message,
        run: {
          ...run,
          status: statusOf(review),
          postText: post.text,
          media: post.media,
          publishAt: publishAtOf(run),
          terminalMessageId: message.messageId,
          leaseUntil: null,
          error: null,
          updatedAt: at,
        },
        toPublish: review ? [] : deliveriesOf(run.id).filter((row) => row.platform !== 'terminal'),
      };
    });
  });
};
