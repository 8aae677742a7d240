import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun } from '@agentcast/db/schema/runs';
import type { AuditSubject } from '../../audit/record-audit-event.ts';

/** Runs as the audit log names them: "a draft of Daily AI", by the run's id and its agent's name. */
export const draftSubjects = async (db: Database, runIds: string[], detail?: string): Promise<AuditSubject[]> => {
  if (runIds.length === 0) return [];
  const rows = await db
    .select({ id: agentRun.id, name: agent.name })
    .from(agentRun)
    .innerJoin(agent, eq(agent.id, agentRun.agentId))
    .where(inArray(agentRun.id, runIds));
  return rows.map((row) => ({ ...row, detail: detail ?? null }));
};
