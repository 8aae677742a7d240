import { asc, eq } from 'drizzle-orm';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import type { Database } from '@agentcast/db/client';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';

/** Indexing status of each of the agent's documents, for the agent forms. */
export const findKnowledgeSources = async (
  db: Database,
  ids: { workspaceId: string; agentId: string },
): Promise<KnowledgeSourceStatus[]> => {
  await findOwnedAgentRow(db, ids);
  const rows = await db
    .select()
    .from(knowledgeSource)
    .where(eq(knowledgeSource.agentId, ids.agentId))
    .orderBy(asc(knowledgeSource.createdAt));
  return rows.map((row) => ({
    id: row.id,
    file_id: row.kind === 'pdf' ? row.storagePath.slice(row.storagePath.lastIndexOf('/') + 1) : null,
    kind: row.kind,
    name: row.name,
    status: row.status,
    progress: row.progress,
    error: row.error,
    pages: row.pages,
    chunks: row.chunkCount,
  }));
};
