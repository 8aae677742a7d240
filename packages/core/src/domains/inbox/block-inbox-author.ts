import { and, eq } from 'drizzle-orm';
import { INBOX_MESSAGES } from '@agentcast/contracts/inbox-constants';
import { addressOf } from '@agentcast/contracts/publishing-constants';
import { agent } from '@agentcast/db/schema/agents';
import type { ReviewServices } from '../runs/review/review-services.ts';
import { findInboxRun } from './find-inbox-run.ts';
import { ignoreInboxItem } from './ignore-inbox-item.ts';
import { findInboxItem } from './inbox-item.ts';
import type { AuditActor } from '../audit/audit-actor.ts';

/**
 * "Block author" in the Inbox: the message's author joins its agent's block-list (a reply guard: that agent never
 * answers them again, on this platform or another where they use the same handle), and the message is ignored unless
 * it was answered already. Answers the message and a sentence saying what was done.
 */
export const blockInboxAuthor = async (
  services: ReviewServices,
  { workspaceId, runId, actor }: { workspaceId: string; runId: string; actor: AuditActor },
) => {
  const { db, now = () => new Date() } = services;
  const { status, agentName, address } = await db.transaction(async (tx) => {
    const run = await findInboxRun(tx, { workspaceId, runId });
    const author = (run.replyTo?.authorUsername ?? '').replace(/^@/, '').toLowerCase();
    const [owner] = await tx
      .select({ name: agent.name, guards: agent.replyGuards })
      .from(agent)
      .where(and(eq(agent.id, run.agentId), eq(agent.workspaceId, workspaceId)))
      .for('update');
    if (owner && author && !owner.guards.block_list.includes(author)) {
      await tx
        .update(agent)
        .set({ replyGuards: { ...owner.guards, block_list: [...owner.guards.block_list, author] }, updatedAt: now() })
        .where(eq(agent.id, run.agentId));
    }
    return {
      status: run.status,
      agentName: owner?.name ?? 'The agent',
      address: addressOf(run.replyTo?.platform ?? '', author),
    };
  });
  const item =
    status === 'awaiting_review' || status === 'failed'
      ? await ignoreInboxItem(services, { workspaceId, runId, actor })
      : await findInboxItem(db, { workspaceId, runId });
  return { item, message: INBOX_MESSAGES.blocked(address, agentName) };
};
