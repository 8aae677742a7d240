import { and, eq } from 'drizzle-orm';
import { agent } from '@agentcast/db/schema/agents';
import type { AgentServices } from './agent-services.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';

/** Deletes the agent; its files are removed by the agent-changed job, which retries until they are gone. */
export const deleteAgent = async (
  services: AgentServices,
  { userId, agentId }: { userId: string; agentId: string },
) => {
  const row = await findOwnedAgentRow(services.db, { userId, agentId });
  await services.db.delete(agent).where(and(eq(agent.id, row.id), eq(agent.userId, userId)));
  await services.notifyAgentChanged({
    agentId: row.id,
    userId,
    change: 'deleted',
    orphanedFiles: [
      ...(row.imagePath ? [{ bucket: 'images' as const, path: row.imagePath }] : []),
      ...(row.trainingFiles ?? []).map((file) => ({ bucket: 'trainingfiles' as const, path: file.path })),
      ...(row.customContextPath ? [{ bucket: 'trainingfiles' as const, path: row.customContextPath }] : []),
    ],
  });
};
