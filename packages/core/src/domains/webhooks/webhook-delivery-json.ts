import type { WebhookDelivery } from '@agentcast/contracts/webhooks';
import type { WebhookAttemptRow, WebhookDeliveryRow } from '@agentcast/db/schema/webhooks';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A delivery as the log shows it, with each of its attempts, oldest first. */
export const webhookDeliveryJson = (row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery => ({
  id: row.id,
  message_id: row.messageId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  last_attempt_at: iso(row.lastAttemptAt),
  response_status: row.responseStatus,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  delivered_at: iso(row.deliveredAt),
  payload: row.payload,
  attempt_log: attempts.map((attempt) => ({
    attempted_at: attempt.attemptedAt.toISOString(),
    response_status: attempt.responseStatus,
    error: attempt.error,
    response_excerpt: attempt.responseExcerpt,
    duration_ms: attempt.durationMs,
  })),
});
