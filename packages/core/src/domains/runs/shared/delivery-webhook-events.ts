import { inArray } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { textForPlatform } from '@agentcast/contracts/platform-text';
import type { WebhookEventData } from '@agentcast/contracts/webhooks';
import { agentRun, type DeliveryRow } from '@agentcast/db/schema/runs';
import { emitWebhookEvents, webhookListeners, type WebhookEvent } from '../../webhooks/emit-webhook-events.ts';
import { agentNames, agentRef, tellWebhooks, type WebhookTelling } from './tell-webhooks.ts';
import { coalescePerHandle } from '../../../kernel/coalesce-calls.ts';

type DeliveryEventType = 'post.published' | 'post.failed' | 'post.deleted';

const iso = (at: Date | null, fallback: Date) => (at ?? fallback).toISOString();

/** The event's `data` for a delivery, from the delivery, its run's text and its agent's name. */
const dataOf = (
  type: DeliveryEventType,
  row: DeliveryRow,
  { text, agent, at }: { text: string; agent: { id: string; name: string }; at: Date },
) => {
  const post = { delivery_id: row.id, run_id: row.runId, agent, platform: row.platform, text };
  if (type === 'post.failed')
    return {
      ...post,
      error: row.error ?? '',
      failed_at: iso(row.updatedAt, at),
    } satisfies WebhookEventData[typeof type];
  const onPlatform = { ...post, url: row.url, platform_post_id: row.externalId };
  if (type === 'post.deleted')
    return { ...onPlatform, deleted_at: iso(row.removedAt, at) } satisfies WebhookEventData[typeof type];
  return {
    ...onPlatform,
    posts: row.threadPosts.map((part) => ({ post_id: part.postId, url: part.url })),
    published_at: iso(row.publishedAt, at),
  } satisfies WebhookEventData[typeof type];
};

/** Whether the owner has an endpoint for the event: asked together with the other deliveries of the same turn. */
const isListening = coalescePerHandle(async (db: Database, type: string, workspaceIds: string[]) => {
  const listening = await webhookListeners(db, type as DeliveryEventType, workspaceIds);
  return workspaceIds.map((workspaceId) => listening.has(workspaceId));
});

/**
 * post.published, post.failed or post.deleted for deliveries that just became so. Only the owners with an endpoint
 * for the event have their deliveries described (their runs' texts and agents' names read), in a transaction of its
 * own; the rest cost one read, shared with the deliveries that settle at the same moment.
 */
export const tellDeliveryWebhooks = async (
  services: WebhookTelling,
  type: DeliveryEventType,
  deliveries: DeliveryRow[],
) => {
  const platformDeliveries = deliveries.filter((row) => row.platform !== 'terminal');
  if (platformDeliveries.length === 0) return;
  let told: DeliveryRow[];
  try {
    const listening = await Promise.all(
      platformDeliveries.map((row) => isListening(services.db, row.workspaceId, type)),
    );
    told = platformDeliveries.filter((_, index) => listening[index]);
  } catch (error) {
    services.logger.warn({ err: error }, `Could not queue the ${type} webhook events; they are not sent`);
    return;
  }
  if (told.length === 0) return;
  await tellWebhooks(services, type, async (db) => {
    const runs = await db
      .select({ id: agentRun.id, postText: agentRun.postText, platformTexts: agentRun.platformTexts })
      .from(agentRun)
      .where(inArray(agentRun.id, [...new Set(told.map((row) => row.runId))]));
    const runOf = new Map(runs.map((run) => [run.id, run]));
    const names = await agentNames(
      db,
      told.map((row) => row.agentId),
    );
    const at = services.now();
    const events = told.map(
      (row) =>
        ({
          workspaceId: row.workspaceId,
          type,
          key: `${type}:${row.id}`,
          at,
          data: dataOf(type, row, {
            text: textForPlatform(
              row.platform,
              runOf.get(row.runId)?.postText ?? null,
              runOf.get(row.runId)?.platformTexts,
            ),
            agent: agentRef(names, row.agentId),
            at,
          }),
        }) as WebhookEvent,
    );
    await emitWebhookEvents({ ...services, db }, events);
  });
};
