import { sql } from 'drizzle-orm';
import { engagementOf, exposureOf } from '@agentcast/contracts/analytics';
import type { Database } from '@agentcast/db/client';
import { postMetricReading } from '@agentcast/db/schema/analytics';
import type { MetricsOutcome } from './metrics-outcome.ts';
import { nextMetricsReadAt } from './metrics-schedule.ts';

const stamp = (date: Date | null) => (date ? sql`${date.toISOString()}::timestamptz` : sql`NULL::timestamptz`);

/**
 * Writes a pass's outcomes in a few statements: a reading per post read (kept over time) and the post's latest
 * metrics with their next reading on the schedule; the new time of each post put off, or none. A post a person took
 * back from the platform meanwhile keeps what it had: only `posted` deliveries change.
 */
export const keepMetricsOutcomes = async (db: Database, outcomes: MetricsOutcome[], now: Date) => {
  const read = outcomes.flatMap((outcome) =>
    outcome.kind === 'read'
      ? [
          {
            post: outcome.post,
            metrics: outcome.metrics,
            engagement: engagementOf(outcome.metrics),
            exposure: exposureOf(outcome.metrics),
            nextAt: nextMetricsReadAt(outcome.post.publishedAt, now),
          },
        ]
      : [],
  );
  const later = outcomes.flatMap((outcome) => (outcome.kind === 'later' ? [outcome] : []));
  await db.transaction(async (tx) => {
    if (read.length > 0) {
      await tx.insert(postMetricReading).values(
        read.map(({ post, metrics, engagement, exposure }) => ({
          deliveryId: post.deliveryId,
          workspaceId: post.workspaceId,
          agentId: post.agentId,
          platform: post.platform,
          readAt: now,
          metrics,
          engagement,
          exposure,
        })),
      );
      const values = read.map(
        ({ post, metrics, engagement, exposure, nextAt }) =>
          sql`(${post.deliveryId}::uuid, ${JSON.stringify(metrics)}::jsonb, ${engagement}::int, ${exposure}::int, ${stamp(nextAt)})`,
      );
      await tx.execute(sql`
        UPDATE delivery SET metrics = v.metrics, metrics_engagement = v.engagement, metrics_exposure = v.exposure,
          metrics_read_at = ${now.toISOString()}::timestamptz, metrics_next_at = v.next_at
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, metrics, engagement, exposure, next_at)
        WHERE delivery.id = v.id AND delivery.status = 'posted'`);
    }
    if (later.length > 0) {
      const values = later.map(({ post, at }) => sql`(${post.deliveryId}::uuid, ${stamp(at)})`);
      await tx.execute(sql`
        UPDATE delivery SET metrics_next_at = v.next_at
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, next_at)
        WHERE delivery.id = v.id AND delivery.status = 'posted'`);
    }
  });
  return { read: read.length, later: later.length };
};
