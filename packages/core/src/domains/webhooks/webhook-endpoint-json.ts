import type { WebhookEndpoint } from '@agentcast/contracts/webhooks';
import type { WebhookEndpointRow } from '@agentcast/db/schema/webhooks';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** An endpoint as the API shows it: never its secrets; the previous secret's grace only while it lasts. */
export const webhookEndpointJson = (row: WebhookEndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.eventTypes,
  enabled: row.enabled,
  disabled_at: iso(row.disabledAt),
  disabled_reason: row.disabledReason,
  failing_since: iso(row.failingSince),
  previous_secret_expires_at:
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
});
