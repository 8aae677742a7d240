import { AGENT_DEFAULTS, withClients, type Agent, type Client, type NewAgentFields } from '@agentcast/contracts/agents';
import { agent } from '@agentcast/db/schema/agents';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';
import { checkFarcasterChannel } from './check-farcaster-channel.ts';
import { claimPendingConnections } from '../connections/claim-pending-connections.ts';
import { respreadAccountSchedules } from '../schedules/respread-account-schedules.ts';
import { syncAgentSchedules } from '../schedules/sync-agent-schedules.ts';
import type { AgentServices, UploadedFile } from './agent-services.ts';
import { toAgentColumns, toAgentResource } from './agent-resource.ts';
import { knowledgeSourcesFor } from './knowledge-sources-for.ts';
import { storeAgentFiles } from './store-agent-files.ts';

export type CreateAgentOptions = {
  workspaceId: string;
  /** Who creates it, for the audit log. */
  actor: AuditActor;
  /** Already validated with agentInputSchema (the form) or the route's agentCreateSchema (clients may be omitted). */
  fields: NewAgentFields;
  /** Where the agent posts and replies when `fields` does not say: newAgentClients for this server. */
  defaultClients?: readonly Client[];
  image?: UploadedFile;
  trainingFiles?: UploadedFile[];
  /** Connections the Create Agent form made before the agent existed (claim-pending-connections.ts). */
  pendingConnectionIds?: string[];
};

/**
 * Stores the files, then the row with its knowledge sources and claimed connections; if the row cannot be written,
 * the files go too (nothing half-saved).
 */
export const createAgent = async (
  services: AgentServices,
  {
    workspaceId,
    actor,
    fields: given,
    defaultClients = AGENT_DEFAULTS.clients,
    image,
    trainingFiles = [],
    pendingConnectionIds = [],
  }: CreateAgentOptions,
): Promise<Agent> => {
  const fields = withClients(given, defaultClients);
  await checkFarcasterChannel(services, fields);
  const files = await storeAgentFiles(services.storage, {
    workspaceId,
    image,
    trainingFiles,
    customContext: fields.custom_context,
  });
  let saved;
  try {
    // The agent and its knowledge sources together, or neither.
    saved = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agent)
        .values({
          workspaceId,
          ...toAgentColumns(fields, services.secretBox),
          imagePath: files.imagePath ?? null,
          trainingFiles: files.trainingFiles.length > 0 ? files.trainingFiles : null,
          customContextPath: files.customContextPath ?? null,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await recordAuditEvent(tx, {
        workspaceId,
        actor,
        action: 'agent.created',
        subject: { id: row.id, name: row.name },
      });
      await syncAgentSchedules(tx, row, services.scheduleSettings);
      await respreadAccountSchedules(tx, { workspaceId: row.workspaceId, defaultPlan: services.defaultPlan });
      const sources = knowledgeSourcesFor({ agentId: row.id, workspaceId }, files);
      const queued =
        sources.length > 0
          ? await tx.insert(knowledgeSource).values(sources).returning({ id: knowledgeSource.id })
          : [];
      const connections = await claimPendingConnections(tx, {
        workspaceId,
        agentId: row.id,
        connectionIds: pendingConnectionIds,
      });
      return { row, queuedSources: queued.map((source) => source.id), connections };
    });
  } catch (error) {
    await files.discard();
    throw error;
  }
  await services.notifyAgentChanged({
    agentId: saved.row.id,
    workspaceId,
    change: 'created',
    queuedSources: saved.queuedSources,
  });
  return toAgentResource(saved.row, services, saved.connections);
};
