import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEndpointFields,
} from '@agentcast/contracts/webhooks';
import { webhookEndpoint } from '@agentcast/db/schema/webhooks';
import { AppError } from '../../kernel/app-error.ts';
import { newWebhookSecret } from '../../integrations/webhooks/webhook-signature.ts';
import { assertWebhookUrlAllowed } from './check-webhook-url.ts';
import { findOwnedEndpoint } from './find-owned-endpoint.ts';
import { webhookEndpointJson } from './webhook-endpoint-json.ts';
import type { WebhookServices } from './webhook-services.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';

type Owned = { workspaceId: string; endpointId: string };

/** The account's endpoints, oldest first (the order they were added in). */
export const listWebhookEndpoints = async ({ db, now }: WebhookServices, workspaceId: string) => {
  const rows = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id));
  const at = now();
  return rows.map((row) => webhookEndpointJson(row, at));
};

/** Registers an endpoint with a new secret; the answer holds the secret (it can be shown again later). */
export const createWebhookEndpoint = async (
  services: WebhookServices,
  { workspaceId, actor }: { workspaceId: string; actor: AuditActor },
  input: WebhookEndpointFields,
): Promise<CreatedWebhookEndpoint> => {
  const { db, secretBox } = services;
  await assertWebhookUrlAllowed(services, input.url);
  const secret = newWebhookSecret();
  const at = services.now();
  const row = await db.transaction(async (tx) => {
    // Two requests at once must not both pass the cap.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${workspaceId}`}))`);
    const [existing] = await tx
      .select({ total: count() })
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.workspaceId, workspaceId));
    if ((existing?.total ?? 0) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooManyEndpoints);
    const [inserted] = await tx
      .insert(webhookEndpoint)
      .values({
        workspaceId,
        url: input.url,
        description: input.description,
        eventTypes: input.events,
        secretSealed: secretBox.seal(secret),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'webhook.created',
      subject: { id: inserted!.id, name: input.url },
      detail: `Events: ${input.events.join(', ')}`,
    });
    return inserted!;
  });
  return { endpoint: webhookEndpointJson(row, at), secret };
};

/**
 * Changes an endpoint. Enabling a disabled one starts afresh: its failures are forgotten and the next event is
 * sent to it. Disabling one stops events at once; deliveries already pending fail when their turn comes.
 */
export const updateWebhookEndpoint = async (
  services: WebhookServices,
  { workspaceId, endpointId }: Owned,
  changes: WebhookEndpointChanges,
): Promise<WebhookEndpoint> => {
  const row = await findOwnedEndpoint(services.db, { workspaceId, endpointId });
  if (changes.url !== undefined && changes.url !== row.url) await assertWebhookUrlAllowed(services, changes.url);
  const at = services.now();
  const enabling = changes.enabled === true && !row.enabled;
  const disabling = changes.enabled === false && row.enabled;
  const [updated] = await services.db
    .update(webhookEndpoint)
    .set({
      url: changes.url,
      description: changes.description,
      eventTypes: changes.events,
      updatedAt: at,
      ...(enabling && { enabled: true, disabledAt: null, disabledReason: null, failingSince: null }),
      ...(disabling && { enabled: false, disabledAt: at, disabledReason: null }),
    })
    .where(and(eq(webhookEndpoint.id, row.id), eq(webhookEndpoint.workspaceId, workspaceId)))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  return webhookEndpointJson(updated, at);
};

/** Deletes the endpoint with its delivery log (foreign keys); queued deliveries find nothing to send. */
export const deleteWebhookEndpoint = async (
  { db }: WebhookServices,
  { workspaceId, endpointId, actor }: Owned & { actor: AuditActor },
) => {
  await findOwnedEndpoint(db, { workspaceId, endpointId });
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoint)
      .where(and(eq(webhookEndpoint.id, endpointId), eq(webhookEndpoint.workspaceId, workspaceId)))
      .returning({ id: webhookEndpoint.id, url: webhookEndpoint.url });
    if (!deleted) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'webhook.deleted',
      subject: { id: deleted.id, name: deleted.url },
    });
  });
};
