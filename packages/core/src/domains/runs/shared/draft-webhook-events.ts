import { and, inArray, ne } from 'drizzle-orm';
import { delivery, type AgentRunRow } from '@agentcast/db/schema/runs';
import { emitWebhookEvents, webhookListeners } from '../../webhooks/emit-webhook-events.ts';
import { agentNames, agentRef, tellWebhooks, type WebhookTelling } from './tell-webhooks.ts';

/** draft.created for runs just recorded as drafts (their agents have review on). */
export const tellDraftWebhooks = async (services: WebhookTelling, drafts: AgentRunRow[]) => {
  if (drafts.length === 0) return;
  await tellWebhooks(services, 'draft.created', async (db) => {
    const listening = await webhookListeners(
      db,
      'draft.created',
      drafts.map((run) => run.workspaceId),
    );
    const told = drafts.filter((run) => listening.has(run.workspaceId));
    if (told.length === 0) return;
    const ids = told.map((run) => run.id);
    const targets = await db
      .select({ runId: delivery.runId, platform: delivery.platform })
      .from(delivery)
      .where(and(inArray(delivery.runId, ids), ne(delivery.platform, 'terminal')));
    const names = await agentNames(
      db,
      told.map((run) => run.agentId),
    );
    const at = services.now();
    await emitWebhookEvents(
      { ...services, db },
      told.map((run) => ({
        workspaceId: run.workspaceId,
        type: 'draft.created' as const,
        key: `draft.created:${run.id}`,
        at,
        data: {
          draft_id: run.id,
          agent: agentRef(names, run.agentId),
          text: run.postText ?? '',
          media: run.media.map(({ kind, url }) => ({ kind, url })),
          platforms: targets.filter((target) => target.runId === run.id).map((target) => target.platform),
          publish_at: (run.publishAt ?? at).toISOString(),
          created_at: at.toISOString(),
        },
      })),
    );
  });
};
