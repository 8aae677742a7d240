import { and, eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { agent } from '@agentcast/db/schema/agents';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { AGENT_NOT_FOUND_MESSAGE } from '../ownership/find-owned-agent-row.ts';
import { respreadAccountSchedules } from '../schedules/respread-account-schedules.ts';
import { syncAgentSchedules } from '../schedules/sync-agent-schedules.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';
import type { AgentServices } from './agent-services.ts';
import { toAgentResource } from './agent-resource.ts';
import { findAgentConnections } from './find-agent-connections.ts';

/**
 * Pauses or resumes an agent (the Calendar, the AgentBoard). A paused agent has no schedules, so it neither posts
 * nor looks for mentions; resuming plans its next post one interval from now. Its waiting drafts stay as they are.
 */
export const setAgentPaused = async (
  services: AgentServices,
  { workspaceId, agentId, paused, actor }: { workspaceId: string; agentId: string; paused: boolean; actor: AuditActor },
): Promise<Agent> => {
  const row = await services.db.transaction(async (tx) => {
    const [updated] = isUuid(agentId)
      ? await tx
          .update(agent)
          .set({ paused, updatedAt: new Date() })
          .where(and(eq(agent.id, agentId), eq(agent.workspaceId, workspaceId)))
          .returning()
      : [];
    if (!updated) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
    await syncAgentSchedules(tx, updated, services.scheduleSettings);
    await respreadAccountSchedules(tx, { workspaceId: updated.workspaceId, defaultPlan: services.defaultPlan });
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: paused ? 'agent.paused' : 'agent.resumed',
      subject: { id: updated.id, name: updated.name },
    });
    return updated;
  });
  const connections = await findAgentConnections(services.db, [row.id]);
  return toAgentResource(row, services, connections.get(row.id));
};
