import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import type { EarlierPost } from '../write/text-similarity.ts';

/** How many of an agent's latest posts a new one is compared with. */
export const RECENT_POSTS_COMPARED = 50;

/**
 * Each agent's latest posts, newest first (published, on their way, or waiting for review as drafts): what a new
 * post must not repeat. One query for the whole batch.
 */
export const recentPostsOf = async (db: Database, agentIds: string[]) => {
  const byAgent = new Map<string, EarlierPost[]>(agentIds.map((id) => [id, []]));
  if (agentIds.length === 0) return byAgent;
  const rows = await queryRows<{ agent_id: string; post_text: string; at: Date | string }>(
    db,
    sql`
    SELECT agent_id, post_text, created_at AS at FROM (
      SELECT agent_id, post_text, created_at, id,
        row_number() OVER (PARTITION BY agent_id ORDER BY created_at DESC, id DESC) AS position
      FROM agent_run
      WHERE agent_id IN (${sql.join(
        agentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND post_text IS NOT NULL AND status IN ('ready', 'awaiting_review')
    ) AS latest WHERE position <= ${RECENT_POSTS_COMPARED} ORDER BY created_at DESC, id DESC`,
  );
  for (const row of rows) byAgent.get(row.agent_id)?.push({ text: row.post_text, at: new Date(row.at) });
  return byAgent;
};
