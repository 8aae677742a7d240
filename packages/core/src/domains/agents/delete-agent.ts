import { and, eq } from 'drizzle-orm';
import { agent } from '@agentcast/db/schema/agents';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';
import type { AgentServices } from './agent-services.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { respreadAccountSchedules } from '../schedules/respread-account-schedules.ts';

/** Deletes the agent; its files are removed by the agent-changed job, which retries until they are gone. */
export const deleteAgent = async (
  services: AgentServices,
  { workspaceId, agentId, actor }: { workspaceId: string; agentId: string; actor: AuditActor },
) => {
  const row = await findOwnedAgentRow(services.db, { workspaceId, agentId });
  // The account's other agents share the plan's posts a day among fewer.
  await services.db.transaction(async (tx) => {
    await tx.delete(agent).where(and(eq(agent.id, row.id), eq(agent.workspaceId, workspaceId)));
    await respreadAccountSchedules(tx, { workspaceId, defaultPlan: services.defaultPlan });
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'agent.deleted',
      subject: { id: row.id, name: row.name },
    });
  });
  await services.notifyAgentChanged({
    agentId: row.id,
    workspaceId,
    change: 'deleted',
    orphanedFiles: [
      ...(row.imagePath ? [{ bucket: 'images' as const, path: row.imagePath }] : []),
      ...(row.trainingFiles ?? []).map((file) => ({ bucket: 'trainingfiles' as const, path: file.path })),
      ...(row.customContextPath ? [{ bucket: 'trainingfiles' as const, path: row.customContextPath }] : []),
    ],
  });
};
