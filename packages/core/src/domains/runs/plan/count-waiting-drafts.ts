import { and, count, inArray } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';

/**
 * How many drafts each of these agents has waiting, by agent id: awaiting review, and those still planned or being
 * written (of an agent with review on, they become drafts).
 */
export const countWaitingDrafts = async (db: Database, agentIds: string[]) => {
  if (agentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ agentId: agentRun.agentId, waiting: count() })
    .from(agentRun)
    .where(
      and(inArray(agentRun.agentId, agentIds), inArray(agentRun.status, ['planned', 'generating', 'awaiting_review'])),
    )
    .groupBy(agentRun.agentId);
  return new Map(rows.map((row) => [row.agentId, Number(row.waiting)]));
};
