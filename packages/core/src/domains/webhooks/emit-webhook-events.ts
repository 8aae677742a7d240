import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEventData, WebhookEventType, WebhookMessageType } from '@agentcast/contracts/webhooks';
import type { Database } from '@agentcast/db/client';
import { webhookDelivery, webhookEndpoint } from '@agentcast/db/schema/webhooks';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { webhookMessageId } from '../../integrations/webhooks/webhook-signature.ts';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJob } from './deliver-webhook-job.ts';
import { sendJobs } from '../../integrations/queue/send-job.ts';

/** A fact to tell the account's endpoints about. */
export type WebhookEvent = {
  [Type in WebhookEventType]: {
    workspaceId: string;
    type: Type;
    /** Names the fact (`post.published:{delivery}`): emitted twice, it is still one message per endpoint. */
    key: string;
    /** When it happened: the payload's `timestamp`. */
    at: Date;
    data: WebhookEventData[Type];
  };
}[WebhookEventType];

/**
 * Which of these users have an enabled endpoint for this event: only their events are worth describing, so that an
 * account without webhooks costs its publishing one indexed read per event and nothing more.
 */
export const webhookListeners = async (db: Database, type: WebhookEventType, workspaceIds: string[]) => {
  if (workspaceIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ workspaceId: webhookEndpoint.workspaceId })
    .from(webhookEndpoint)
    .where(
      and(
        inArray(webhookEndpoint.workspaceId, [...new Set(workspaceIds)]),
        eq(webhookEndpoint.enabled, true),
        sql`${type} = ANY(${webhookEndpoint.eventTypes})`,
      ),
    );
  return new Set(rows.map((row) => row.workspaceId));
};

/** The body every attempt sends, as Standard Webhooks shapes it. */
export const webhookPayload = <Type extends WebhookMessageType>(
  type: Type,
  at: Date,
  data: WebhookEventData[Type],
) => ({
  type,
  timestamp: at.toISOString(),
  data,
});

/**
 * Records one delivery per enabled endpoint subscribed to each event, and queues their first attempts, in one
 * transaction — inside the caller's when `db` is one (a savepoint), so that the event exists exactly when the fact
 * does. Nothing is sent here: the requests go out from the deliver-webhook jobs. Answers how many were queued.
 */
export const emitWebhookEvents = async (
  { db, queue, now }: { db: Database; queue: JobQueue; now: () => Date },
  events: WebhookEvent[],
) => {
  if (events.length === 0) return 0;
  const at = now();
  return db.transaction(async (tx) => {
    const endpoints = await tx
      .select({
        id: webhookEndpoint.id,
        workspaceId: webhookEndpoint.workspaceId,
        eventTypes: webhookEndpoint.eventTypes,
      })
      .from(webhookEndpoint)
      .where(
        and(
          inArray(webhookEndpoint.workspaceId, [...new Set(events.map((event) => event.workspaceId))]),
          eq(webhookEndpoint.enabled, true),
        ),
      );
    const rows = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.workspaceId === event.workspaceId && endpoint.eventTypes.includes(event.type))
        .map((endpoint) => ({
          endpointId: endpoint.id,
          workspaceId: event.workspaceId,
          messageId: webhookMessageId(event.key),
          eventType: event.type,
          payload: webhookPayload(event.type, event.at, event.data),
          nextAttemptAt: at,
          createdAt: at,
        })),
    );
    if (rows.length === 0) return 0;
    const inserted = await tx
      .insert(webhookDelivery)
      .values(rows)
      .onConflictDoNothing({ target: [webhookDelivery.endpointId, webhookDelivery.messageId] })
      .returning({ id: webhookDelivery.id, workspaceId: webhookDelivery.workspaceId });
    if (inserted.length > 0)
      await sendJobs(
        queue,
        DELIVER_WEBHOOK_JOB,
        inserted.map((row) => deliverWebhookJob(row)),
        { tx },
      );
    return inserted.length;
  });
};
