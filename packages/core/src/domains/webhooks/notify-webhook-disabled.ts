import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { PATHS } from '@agentcast/contracts/paths';
import { user } from '@agentcast/db/schema/auth';
import { webhookDelivery, webhookEndpoint } from '@agentcast/db/schema/webhooks';
import { buildWebhookDisabledEmail } from './webhook-disabled-email.ts';
import type { WebhookWorkerServices } from './webhook-services.ts';

/**
 * The notify-webhook-disabled job: e-mails the owner that the endpoint was disabled, with the last error. An
 * endpoint enabled again (or deleted) since sends nothing.
 */
export const notifyWebhookDisabled = async (
  services: WebhookWorkerServices,
  { endpointId }: { endpointId: string },
) => {
  const { db } = services;
  const [row] = await db
    .select({
      url: webhookEndpoint.url,
      enabled: webhookEndpoint.enabled,
      reason: webhookEndpoint.disabledReason,
      email: user.email,
    })
    .from(webhookEndpoint)
    .innerJoin(user, eq(user.id, webhookEndpoint.workspaceId))
    .where(eq(webhookEndpoint.id, endpointId));
  if (!row || row.enabled || !row.reason) return;
  const [last] = await db
    .select({ error: webhookDelivery.error })
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.endpointId, endpointId), isNotNull(webhookDelivery.lastAttemptAt)))
    .orderBy(desc(webhookDelivery.lastAttemptAt))
    .limit(1);
  await services.mailer.send(
    buildWebhookDisabledEmail({
      to: row.email,
      url: row.url,
      reason: row.reason,
      lastError: last?.error ?? null,
      settingsUrl: new URL(`${PATHS.settings}#webhooks-title`, services.publicUrl).toString(),
    }),
  );
};
