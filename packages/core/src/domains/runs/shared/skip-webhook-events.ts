import { emitWebhookEvents, webhookListeners } from '../../webhooks/emit-webhook-events.ts';
import { agentNames, agentRef, tellWebhooks, type WebhookTelling } from './tell-webhooks.ts';

export type SkippedRun = { runId: string; workspaceId: string; agentId: string; kind: string; reason: string };

/** run.skipped for runs that will not happen: over the quota, drafts full, membership ended, a near-duplicate. */
export const tellSkipWebhooks = async (services: WebhookTelling, skipped: SkippedRun[]) => {
  if (skipped.length === 0) return;
  await tellWebhooks(services, 'run.skipped', async (db) => {
    const listening = await webhookListeners(
      db,
      'run.skipped',
      skipped.map((run) => run.workspaceId),
    );
    const told = skipped.filter((run) => listening.has(run.workspaceId));
    if (told.length === 0) return;
    const names = await agentNames(
      db,
      told.map((run) => run.agentId),
    );
    const at = services.now();
    await emitWebhookEvents(
      { ...services, db },
      told.map((run) => ({
        workspaceId: run.workspaceId,
        type: 'run.skipped' as const,
        key: `run.skipped:${run.runId}`,
        at,
        data: {
          run_id: run.runId,
          agent: agentRef(names, run.agentId),
          trigger: run.kind,
          reason: run.reason,
          skipped_at: at.toISOString(),
        },
      })),
    );
  });
};
