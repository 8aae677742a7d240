import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType } from '@agentcast/contracts/webhooks';
import { workspace } from './workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A URL that receives the account's events (issue 18 §3), signed per Standard Webhooks with the endpoint's own
 * secret, kept sealed (integrations/secrets). After a rotation the previous secret keeps signing beside the new one
 * until `previous_secret_expires_at`. `failing_since` is the first failure since the last success: an endpoint that
 * has failed for 24 hours is disabled (`enabled` false, with the time and reason) and its owner e-mailed.
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: at('disabled_at'),
    disabledReason: text('disabled_reason'),
    failingSince: at('failing_since'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoint_workspace_idx').on(table.workspaceId, table.createdAt)],
);

/**
 * One event to one endpoint: the message (its `webhook-id`, type and body, signed afresh at each attempt) and where
 * its delivery stands. Attempts follow a schedule over 24 hours (`next_attempt_at`); a worker holds the row under
 * `lease_until` while its request is out, so several workers never send it twice at once.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    leaseUntil: at('lease_until'),
    lastAttemptAt: at('last_attempt_at'),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
  },
  (table) => [
    // The same fact emitted twice is one message per endpoint.
    uniqueIndex('webhook_delivery_message_uq').on(table.endpointId, table.messageId),
    index('webhook_delivery_endpoint_idx').on(table.endpointId, table.createdAt.desc(), table.id.desc()),
    index('webhook_delivery_workspace_idx').on(table.workspaceId),
    // The account's requests out now, counted before each claim (an account's fair share of the worker): only the
    // rows of requests in flight, or of a dead worker's until another takes them over, carry a lease.
    index('webhook_delivery_leased_idx')
      .on(table.workspaceId, table.leaseUntil)
      .where(sql`${table.leaseUntil} IS NOT NULL`),
  ],
);

/**
 * When the account sent each test event, for its limit (WEBHOOK_TEST_LIMIT). Apart from the deliveries, which go
 * with their endpoint: deleting and adding an endpoint again must not start the count afresh. Rows older than the
 * window are deleted as the next test is sent.
 */
export const webhookTestSend = pgTable(
  'webhook_test_send',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    sentAt: at('sent_at').notNull(),
  },
  (table) => [index('webhook_test_send_workspace_idx').on(table.workspaceId, table.sentAt)],
);

/** One HTTP request of a delivery, for the delivery log in Settings. */
export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: 'cascade' }),
    attemptedAt: at('attempted_at').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempt_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoint.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDelivery.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempt.$inferSelect;
