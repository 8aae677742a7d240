import { sql } from 'drizzle-orm';
import type { Analytics, AnalyticsPost, AnalyticsQuery, PostMetrics } from '@agentcast/contracts/analytics';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { analyticsPeriod } from './analytics-period.ts';
import { periodPosts } from './period-posts.ts';

const BEST_POSTS = 10;
const ISO_UTC = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

type Sums = { posts: string | number; engagement: string | number; exposure: string | number };
type BestRow = Omit<AnalyticsPost, 'metrics'> & { metrics: PostMetrics | null };

const counts = ({ posts, engagement, exposure }: Sums) => ({
  posts: Number(posts),
  engagement: Number(engagement),
  exposure: Number(exposure),
});

/**
 * The Analytics tab (issue 17 §6): the posts the account's agents (or one of them: another person's answers 404)
 * published in the person's last `days` local days, from each post's latest metrics — posts, engagement and exposure
 * per day (every day present), posts and engagement by hour of day, the best posts by engagement, and totals per
 * platform. Everything is summed by the database.
 */
export const getAnalytics = async (
  db: Database,
  {
    workspaceId,
    agent_id: agentId,
    days,
    tz_offset: tzOffset,
    now = new Date(),
  }: AnalyticsQuery & {
    workspaceId: string;
    now?: Date;
  },
): Promise<Analytics> => {
  if (agentId) await findOwnedAgentRow(db, { workspaceId, agentId });
  const period = analyticsPeriod({ days, tzOffset, now });
  const posts = periodPosts({ workspaceId, agentId, period, now });
  const daily = await queryRows<Sums & { date: string }>(
    db,
    sql`WITH ${posts},
      days AS (SELECT generate_series(${period.firstDate}::date, ${period.lastDate}::date, interval '1 day')::date AS day)
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date, count(posts.id) AS posts,
      coalesce(sum(posts.engagement), 0) AS engagement, coalesce(sum(posts.exposure), 0) AS exposure
    FROM days LEFT JOIN posts ON posts.local_at::date = days.day
    GROUP BY days.day ORDER BY days.day`,
  );
  const byHour = await queryRows<Sums & { hour: number }>(
    db,
    sql`WITH ${posts}, hours AS (SELECT generate_series(0, 23) AS hour)
    SELECT hours.hour, count(posts.id) AS posts, coalesce(sum(posts.engagement), 0) AS engagement, 0 AS exposure
    FROM hours LEFT JOIN posts ON extract(hour FROM posts.local_at) = hours.hour
    GROUP BY hours.hour ORDER BY hours.hour`,
  );
  const best = await queryRows<BestRow>(
    db,
    sql`WITH ${posts}
    SELECT message_id, agent_id, agent_name, platform, text, url,
      to_char(published_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS published_at, metrics, engagement, exposure,
      to_char(metrics_read_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS read_at
    FROM posts ORDER BY engagement DESC, exposure DESC NULLS LAST, published_at DESC, id LIMIT ${BEST_POSTS}`,
  );
  const platforms = await queryRows<Sums & { platform: string }>(
    db,
    sql`WITH ${posts}
    SELECT platform, count(*) AS posts, sum(engagement) AS engagement, coalesce(sum(exposure), 0) AS exposure
    FROM posts GROUP BY platform ORDER BY platform`,
  );
  const totals = platforms.map(counts).reduce(
    (sum, row) => ({
      posts: sum.posts + row.posts,
      engagement: sum.engagement + row.engagement,
      exposure: sum.exposure + row.exposure,
    }),
    { posts: 0, engagement: 0, exposure: 0 },
  );
  return {
    days,
    daily: daily.map((row) => ({ date: row.date, ...counts(row) })),
    by_hour: byHour.map((row) => {
      const { posts: count, engagement } = counts(row);
      return { hour: Number(row.hour), posts: count, engagement };
    }),
    best_posts: best.map((row) => ({
      ...row,
      agent_id: String(row.agent_id),
      metrics: row.metrics ?? {},
      engagement: Number(row.engagement),
      exposure: row.exposure === null ? null : Number(row.exposure),
    })),
    totals: {
      ...totals,
      platforms: Object.fromEntries(
        platforms.map((row) => [row.platform, { posts: Number(row.posts), engagement: Number(row.engagement) }]),
      ),
    },
  };
};
