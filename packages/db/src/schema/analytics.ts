import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PostMetrics } from '@agentcast/contracts/analytics';
import { delivery } from './runs.ts';

/**
 * One reading of a published post's metrics (issue 17 §6): what the platform reported at `read_at`, kept over the
 * post's METRICS_WINDOW_DAYS so its curve can be drawn. The delivery holds the latest reading too.
 */
export const postMetricReading = pgTable(
  'post_metric_reading',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => delivery.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    platform: text('platform').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }).notNull(),
    metrics: jsonb('metrics').$type<PostMetrics>().notNull(),
    /** engagementOf(metrics) and exposureOf(metrics), as the contract counts them. */
    engagement: integer('engagement').notNull(),
    exposure: integer('exposure'),
  },
  (table) => [index('post_metric_reading_delivery_idx').on(table.deliveryId, table.readAt)],
);

/**
 * How many metrics requests were made to one platform account (or, for an app-wide quota, `account_key` '*') in
 * the current window, and until when the platform refuses them (its 429's reset). Shared by every worker, so that
 * together they stay within the share of the platform's limit that reading metrics may take.
 */
export const metricsReadWindow = pgTable(
  'metrics_read_window',
  {
    platform: text('platform').notNull(),
    accountKey: text('account_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
    requests: integer('requests').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, precision: 3 }),
  },
  (table) => [primaryKey({ columns: [table.platform, table.accountKey] })],
);
