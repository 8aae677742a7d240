import { inArray } from 'drizzle-orm';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { agent, type AgentRow } from '@agentcast/db/schema/agents';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { publishDeliveries } from '../publish/publish-deliveries.ts';
import { claimRuns } from '../shared/claim-runs.ts';
import { dropBlockedReplies } from './drop-blocked-replies.ts';
import { keepDistinct, skipAsNearDuplicate } from './keep-distinct.ts';
import { recordDistinctPosts } from './record-distinct-posts.ts';
import { recentPostsOf } from './recent-posts.ts';
import type { WrittenRunPost } from './record-run-posts.ts';
import { skipForMembership } from './skip-for-membership.ts';
import { toTerminalMessage } from '../../terminal/terminal-message-resource.ts';
import type { RunServices } from '../write/run-services.ts';
import { writeRunPost } from '../write/write-run-post.ts';

export type RunOutcome =
  { status: 'posted'; message: TerminalMessage } | { status: 'nothing' } | { status: 'failed'; error: unknown };

/**
 * Works a batch of planned runs (a trigger, scheduled slots, replies) side by side, with a fixed handful of
 * statements for the batch: claims them under a lease, re-checks the owners' membership for scheduled posts and
 * replies, writes every post and its media, records them all — terminal entries and deliveries — in one
 * transaction, tells every process, then publishes to the platforms (the posts of agents with review on wait as
 * drafts instead). One run's failure is its own.
 */
export const runAgents = async (
  services: RunServices,
  { runIds }: { runIds: string[] },
): Promise<Map<string, RunOutcome>> => {
  const { db } = services;
  const outcomes = new Map<string, RunOutcome>(runIds.map((id) => [id, { status: 'nothing' }]));
  const runs = await claimRuns(db, { runIds, now: services.now(), leaseMs: services.generationLeaseMs });
  if (runs.length === 0) return outcomes;
  const agents = new Map(
    (
      await db
        .select()
        .from(agent)
        .where(inArray(agent.id, [...new Set(runs.map((run) => run.agentId))]))
    ).map((row) => [row.id, row]),
  );

  // Asked once per owner in the batch.
  const memberships = new Map<string, ReturnType<RunServices['checkMembership']>>();
  const membershipOf = (workspaceId: string) => {
    if (!memberships.has(workspaceId)) memberships.set(workspaceId, services.checkMembership(workspaceId));
    return memberships.get(workspaceId) as ReturnType<RunServices['checkMembership']>;
  };
  const writing = runs.map(async (run): Promise<WrittenRunPost | null> => {
    const row = agents.get(run.agentId);
    if (!row || row.workspaceId !== run.workspaceId) return null;
    if (run.kind !== 'manual') {
      const membership = await membershipOf(run.workspaceId);
      if (!membership.allowed) {
        await skipForMembership(services, run, membership.reason);
        return null;
      }
    }
    // Review is read when the post is written: turning it on makes the next posts drafts, turning it off publishes
    // the next posts (and leaves waiting drafts waiting).
    return { run, post: await writeRunPost(services, row, run), review: row.approval !== 'none' };
  });
  const candidates: WrittenRunPost[] = [];
  (await Promise.allSettled(writing)).forEach((result, index) => {
    if (result.status === 'rejected')
      outcomes.set((runs[index] as AgentRunRow).id, { status: 'failed', error: result.reason });
    else if (result.value) candidates.push(result.value);
  });
  const answerable = await dropBlockedReplies(services, candidates);
  // No near-duplicates: each post is compared with its agent's latest 50 and with the batch's posts kept before it.
  const recent = await recentPostsOf(db, [...new Set(answerable.map(({ run }) => run.agentId))]);
  const written: WrittenRunPost[] = [];
  for (const candidate of answerable) {
    const { run } = candidate;
    const row = agents.get(run.agentId) as AgentRow;
    try {
      const post = await keepDistinct(services, {
        row,
        run,
        post: candidate.post,
        earlier: recent.get(run.agentId) ?? [],
      });
      if (post) written.push({ ...candidate, post });
    } catch (error) {
      outcomes.set(run.id, { status: 'failed', error });
    }
  }

  let recorded;
  try {
    const { recorded: saved, clashes } = await recordDistinctPosts(services, written);
    recorded = saved;
    for (const { item, repeats } of clashes) await skipAsNearDuplicate(services, item.run, repeats);
  } catch (error) {
    for (const { run } of written) outcomes.set(run.id, { status: 'failed', error });
    return outcomes;
  }
  await services.events.publishAll(
    recorded.map(({ run, message }) => ({
      type: 'terminal.message',
      workspaceId: run.workspaceId,
      agentId: run.agentId,
      messageId: message.messageId,
      triggerId: run.triggerId ?? undefined,
    })),
  );
  for (const { run, message } of recorded)
    outcomes.set(run.id, { status: 'posted', message: toTerminalMessage(message) });
  // Published here and now, under the leases just taken (no queue round trip), and shown together once done.
  await publishDeliveries(
    services.publishing,
    recorded.flatMap(({ run, toPublish }) => toPublish.map((claimed) => ({ deliveryId: claimed.id, claimed, run }))),
  );
  return outcomes;
};
