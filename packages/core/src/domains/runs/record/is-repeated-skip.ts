import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import type { RunKind } from '@agentcast/db/schema/runs';
import { queryRows } from '@agentcast/db/query-rows';

/**
 * Whether the agent already skipped a run of this kind for this same reason since its last run that was not
 * skipped: the terminal says why once per streak (over quota all afternoon, a membership that lapsed), not once per
 * slot or mention.
 */
export const isRepeatedSkip = async (
  db: Database,
  { agentId, kind, runId, reason }: { agentId: string; kind: RunKind; runId: string; reason: string },
) => {
  const earlier = await queryRows<unknown>(
    db,
    sql`
    SELECT 1 FROM agent_run
    WHERE agent_id = ${agentId} AND kind = ${kind} AND id <> ${runId} AND status = 'skipped' AND error = ${reason}
      AND created_at >= coalesce(
        (SELECT max(created_at) FROM agent_run WHERE agent_id = ${agentId} AND kind = ${kind} AND status <> 'skipped' AND id <> ${runId}),
        '-infinity'::timestamptz)
    LIMIT 1`,
  );
  return earlier.length > 0;
};
