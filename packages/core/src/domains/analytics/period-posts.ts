import { sql } from 'drizzle-orm';
import type { AnalyticsPeriod } from './analytics-period.ts';

/**
 * The period's published posts as a CTE named `posts`: one row per post and platform (a thread once, with its first
 * post's metrics), with its latest metrics, engagement and exposure (0 and null until first read) and its publishing
 * time in the person's time zone (`local_at`, a timestamp without zone). Only `posted` deliveries: a post taken back
 * from the platform is no longer counted.
 */
export const periodPosts = ({
  workspaceId,
  agentId,
  period,
  now,
}: {
  workspaceId: string;
  agentId?: string;
  period: AnalyticsPeriod;
  now: Date;
}) => sql`
  posts AS (
    SELECT d.id, d.platform, d.url, d.published_at, d.metrics, d.metrics_read_at,
      coalesce(d.metrics_engagement, 0) AS engagement, d.metrics_exposure AS exposure,
      (d.published_at AT TIME ZONE 'UTC') + make_interval(mins => ${period.offsetMinutes}::int) AS local_at,
      d.agent_id, a.name AS agent_name, coalesce(r.post_text, '') AS text,
      coalesce(r.terminal_message_id::text, '') AS message_id
    FROM delivery d
    JOIN agent_run r ON r.id = d.run_id
    JOIN agent a ON a.id = d.agent_id
    WHERE d.workspace_id = ${workspaceId} AND d.status = 'posted' AND d.platform <> 'terminal'
      AND d.published_at >= ${period.from.toISOString()}::timestamptz
      AND d.published_at <= ${now.toISOString()}::timestamptz
      ${agentId ? sql`AND d.agent_id = ${agentId}::uuid` : sql``}
  )`;
