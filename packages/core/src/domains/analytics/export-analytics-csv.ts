import { sql } from 'drizzle-orm';
import { ANALYTICS_CSV_COLUMNS, type AnalyticsQuery, type PostMetrics } from '@agentcast/contracts/analytics';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { analyticsPeriod } from './analytics-period.ts';
import { csvLine } from '../../kernel/csv-line.ts';
import { periodPosts } from './period-posts.ts';

/** Rows read from the database at a time: the file is written as they come, never held whole. */
const PAGE_SIZE = 500;
const ISO_UTC = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

type Row = {
  id: string;
  published_at: string;
  published_at_key: string;
  agent_name: string;
  platform: string;
  url: string | null;
  text: string;
  metrics: PostMetrics | null;
  engagement: number | string;
  metrics_read_at: string | null;
};

const METRIC_COLUMNS = ANALYTICS_CSV_COLUMNS.slice(
  ANALYTICS_CSV_COLUMNS.indexOf('impressions'),
  -2,
) as (keyof PostMetrics)[];

const lineOf = (row: Row) =>
  csvLine([
    row.published_at,
    row.agent_name,
    row.platform,
    row.url,
    row.text,
    ...METRIC_COLUMNS.map((column) => row.metrics?.[column]),
    Number(row.engagement),
    row.metrics_read_at,
  ]);

/**
 * The Analytics tab's CSV file: every post of the period (one row per platform, oldest first) with its latest
 * metrics, under ANALYTICS_CSV_COLUMNS; a metric the platform does not report is empty. The ownership check runs
 * first (another person's agent answers 404); the lines are then read page by page as the caller takes them.
 */
export const exportAnalyticsCsv = async (
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
) => {
  if (agentId) await findOwnedAgentRow(db, { workspaceId, agentId });
  const period = analyticsPeriod({ days, tzOffset, now });
  const posts = periodPosts({ workspaceId, agentId, period, now });
  async function* lines() {
    yield csvLine(ANALYTICS_CSV_COLUMNS);
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page: Row[] = await queryRows<Row>(
        db,
        sql`WITH ${posts}
        SELECT id, agent_name, platform, url, text, metrics, engagement,
          to_char(published_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS published_at,
          to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS published_at_key,
          to_char(metrics_read_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS metrics_read_at
        FROM posts
        ${after ? sql`WHERE (published_at, id) > (${after.at}::timestamp AT TIME ZONE 'UTC', ${after.id}::uuid)` : sql``}
        ORDER BY published_at, id LIMIT ${PAGE_SIZE}`,
      );
      for (const row of page) yield lineOf(row);
      const last = page.at(-1);
      if (!last || page.length < PAGE_SIZE) return;
      after = { at: last.published_at_key, id: last.id };
    }
  }
  return { filename: `agentcast-analytics-${period.lastDate}.csv`, lines: lines() };
};
