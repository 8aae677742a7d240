import { inArray } from 'drizzle-orm';
import { REPLY_SKIP_REASONS } from '@agentcast/contracts/reply-guards-constants';
import { agent } from '@agentcast/db/schema/agents';
import { endRunAndTell } from './end-run-and-tell.ts';
import type { WrittenRunPost } from './record-run-posts.ts';
import type { RunServices } from '../write/run-services.ts';

const handleOf = (username: string) => username.replace(/^@/, '').toLowerCase();

/**
 * The written posts minus the answers to authors blocked while they were being written ("Block author" in the
 * Inbox while the agent writes): the block-list is read again once they are written, and such an answer is never
 * recorded, drafted or sent; its run is skipped with the block-list's sentence.
 */
export const dropBlockedReplies = async (services: RunServices, written: WrittenRunPost[]) => {
  const replies = written.filter(({ run }) => run.kind === 'reply' && run.replyTo);
  if (replies.length === 0) return written;
  const guards = new Map(
    (
      await services.db
        .select({ id: agent.id, guards: agent.replyGuards })
        .from(agent)
        .where(inArray(agent.id, [...new Set(replies.map(({ run }) => run.agentId))]))
    ).map((row) => [row.id, row.guards]),
  );
  const blocked = replies.filter(({ run }) =>
    (guards.get(run.agentId)?.block_list ?? []).includes(handleOf(run.replyTo?.authorUsername ?? '')),
  );
  for (const { run } of blocked)
    await endRunAndTell(services, run, {
      status: 'skipped',
      reason: REPLY_SKIP_REASONS.blocked,
      note: REPLY_SKIP_REASONS.blocked,
    });
  return written.filter((item) => !blocked.includes(item));
};
