import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { endRunWithoutPost } from './end-run-without-post.ts';
import type { RunServices } from '../write/run-services.ts';
import { tellSkipWebhooks } from '../shared/skip-webhook-events.ts';

/**
 * Ends a run that made no post (endRunWithoutPost) and tells whoever watches: the terminal's new note, if any, and
 * the outcome a waiting trigger listens for (`agent.run-failed` or `agent.run-skipped`, with the reason), and for a
 * skip the account's webhooks (run.skipped).
 */
export const endRunAndTell = async (
  services: Pick<RunServices, 'db' | 'events' | 'now' | 'queue' | 'logger'>,
  run: AgentRunRow,
  { status, reason, note }: { status: 'skipped' | 'failed'; reason: string; note: string | null },
) => {
  const { db, events, now } = services;
  const entry = await endRunWithoutPost(db, run, { status, reason, note, at: now() });
  if (status === 'skipped')
    await tellSkipWebhooks(services, [
      { runId: run.id, workspaceId: run.workspaceId, agentId: run.agentId, kind: run.kind, reason },
    ]);
  const about = { workspaceId: run.workspaceId, agentId: run.agentId };
  if (entry) await events.publish({ type: 'terminal.message', ...about, messageId: entry.messageId });
  const triggerId = run.triggerId ?? undefined;
  await events.publish(
    status === 'failed'
      ? { type: 'agent.run-failed', ...about, triggerId, error: reason }
      : { type: 'agent.run-skipped', ...about, triggerId, reason },
  );
};
