import { inArray } from 'drizzle-orm';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { agent } from '@agentcast/db/schema/agents';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { publishDelivery } from '../publishing/publish-delivery.ts';
import { showDeliveries } from '../publishing/show-deliveries.ts';
import { claimRuns } from '../runs/claim-runs.ts';
import { endRunWithoutPost } from '../runs/end-run-without-post.ts';
import { isRepeatedSkip } from '../runs/is-repeated-skip.ts';
import { recordRunPosts, type RunPost } from '../runs/record-run-posts.ts';
import { toTerminalMessage } from '../terminal/terminal-message-resource.ts';
import type { RuntimeServices } from './runtime-services.ts';
import { writeRunPost } from './write-run-post.ts';

export type RunOutcome = { status: 'posted'; message: TerminalMessage } | { status: 'nothing' } | { status: 'failed'; error: unknown };

/** A scheduled run or reply of an owner whose membership lapsed: skipped, said once per streak. */
const skipForMembership = async (services: RuntimeServices, run: AgentRunRow, reason: string) => {
  const isRepeat = await isRepeatedSkip(services.db, { agentId: run.agentId, kind: run.kind, runId: run.id, reason });
  const entry = await endRunWithoutPost(services.db, run, { status: 'skipped', reason, note: isRepeat ? null : PUBLISHING_MESSAGES.membershipLost(reason), at: services.now() });
  if (entry) await services.events.publish({ type: 'terminal.message', userId: run.userId, agentId: run.agentId, messageId: entry.messageId });
  services.logger.info({ runId: run.id, userId: run.userId, reason }, 'Run skipped: membership');
};

/**
 * Works a batch of planned runs (a trigger, scheduled slots, replies) side by side, with a fixed handful of
 * statements for the batch: claims them under a lease, re-checks the owners' membership for scheduled posts and
 * replies, writes every post and its media, records them all — terminal entries and deliveries — in one
 * transaction, tells every process, then publishes to the platforms. One run's failure is its own.
 */
export const runAgents = async (services: RuntimeServices, { runIds }: { runIds: string[] }): Promise<Map<string, RunOutcome>> => {
  const { db } = services;
  const outcomes = new Map<string, RunOutcome>(runIds.map((id) => [id, { status: 'nothing' }]));
  const runs = await claimRuns(db, { runIds, now: services.now(), leaseMs: services.generationLeaseMs });
  if (runs.length === 0) return outcomes;
  const agents = new Map((await db.select().from(agent).where(inArray(agent.id, [...new Set(runs.map((run) => run.agentId))]))).map((row) => [row.id, row]));

  // Asked once per owner in the batch.
  const memberships = new Map<string, ReturnType<RuntimeServices['checkMembership']>>();
  const membershipOf = (userId: string) => {
    if (!memberships.has(userId)) memberships.set(userId, services.checkMembership(userId));
    return memberships.get(userId) as ReturnType<RuntimeServices['checkMembership']>;
  };
  const writing = runs.map(async (run): Promise<{ run: AgentRunRow; post: RunPost } | null> => {
    const row = agents.get(run.agentId);
    if (!row || row.userId !== run.userId) return null;
    if (run.kind !== 'manual') {
      const membership = await membershipOf(run.userId);
      if (!membership.allowed) {
        await skipForMembership(services, run, membership.reason);
        return null;
      }
    }
    return { run, post: await writeRunPost(services, row, run) };
  });
  const written: { run: AgentRunRow; post: RunPost }[] = [];
  (await Promise.allSettled(writing)).forEach((result, index) => {
    if (result.status === 'rejected') outcomes.set((runs[index] as AgentRunRow).id, { status: 'failed', error: result.reason });
    else if (result.value) written.push(result.value);
  });

  let recorded;
  try {
    recorded = await recordRunPosts(db, written, { at: services.now(), leaseMs: services.publishing.timing.postingLeaseMs });
  } catch (error) {
    for (const { run } of written) outcomes.set(run.id, { status: 'failed', error });
    return outcomes;
  }
  await services.events.publishAll(
    recorded.map(({ run, message }) => ({ type: 'terminal.message', userId: run.userId, agentId: run.agentId, messageId: message.messageId, triggerId: run.triggerId ?? undefined })),
  );
  for (const { run, message } of recorded) outcomes.set(run.id, { status: 'posted', message: toTerminalMessage(message) });
  // Published here and now, under the leases just taken (no queue round trip), and shown together once done.
  const quietly = { ...services.publishing, quiet: true };
  await Promise.all(
    recorded.flatMap(({ run, toPublish }) =>
      toPublish.map((claimed) =>
        publishDelivery(quietly, { deliveryId: claimed.id, claimed, run }).catch((error: unknown) =>
          services.logger.error({ err: error, deliveryId: claimed.id }, 'Publishing failed unexpectedly; the sweeper will retry it'),
        ),
      ),
    ),
  );
  await showDeliveries(services, recorded.filter(({ toPublish }) => toPublish.length > 0).map(({ run }) => run.id));
  return outcomes;
};
