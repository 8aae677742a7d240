import { and, eq, inArray } from 'drizzle-orm';
import { agentUpdateSchema, TWITTER_CREDENTIAL_FIELDS, type Agent } from '@agentcast/contracts/agents';
import { agent } from '@agentcast/db/schema/agents';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import { AppError } from '../../kernel/app-error.ts';
import { parseOrThrow } from '../../kernel/validation-failed.ts';
import { respreadAccountSchedules } from '../schedules/respread-account-schedules.ts';
import { syncAgentSchedules } from '../schedules/sync-agent-schedules.ts';
import type { StorageBucket } from '../../integrations/storage/storage-driver.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';
import type { AgentServices, UploadedFile } from './agent-services.ts';
import { toAgentColumns, toAgentFields, toAgentResource, trainingFileId } from './agent-resource.ts';
import { checkFarcasterChannel } from './check-farcaster-channel.ts';
import { describeAgentChanges } from './describe-agent-changes.ts';
import { findAgentConnections } from './find-agent-connections.ts';
import { AGENT_NOT_FOUND_MESSAGE, findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { knowledgeSourcesFor } from './knowledge-sources-for.ts';
import { storeAgentFiles } from './store-agent-files.ts';
import { mergeTwitterCredentials, openTwitterCredentials } from './twitter-credentials.ts';

export type UpdateAgentOptions = {
  workspaceId: string;
  agentId: string;
  /** Who changes it, for the audit log. */
  actor: AuditActor;
  /**
   * Fields to change, unvalidated (validated here, where the saved credentials are known). Omitted fields keep
   * their value; blank credential fields keep the saved ones; `twitter_credentials: null` removes them.
   */
  changes: Record<string, unknown>;
  image?: UploadedFile;
  removeImage?: boolean;
  trainingFiles?: UploadedFile[];
  /** Ids (last path segment) of training files to remove. */
  removeTrainingFiles?: string[];
};

export const updateAgent = async (services: AgentServices, options: UpdateAgentOptions): Promise<Agent> => {
  const {
    workspaceId,
    agentId,
    actor,
    changes,
    image,
    removeImage = false,
    trainingFiles = [],
    removeTrainingFiles = [],
  } = options;
  const row = await findOwnedAgentRow(services.db, { workspaceId, agentId });
  const clearCredentials = changes.twitter_credentials === null;
  const stored = openTwitterCredentials(clearCredentials ? null : row.twitterCredentialsSealed, services.secretBox);
  const storedFlags = Object.fromEntries(TWITTER_CREDENTIAL_FIELDS.map((field) => [field, stored[field] !== '']));

  const { approval: storedApproval, ...storedFields } = toAgentFields(row);
  const validated = parseOrThrow(agentUpdateSchema(storedFlags), {
    ...storedFields,
    // A caller of the API before approval steps changes `review_before_posting` alone: that decides, not the stored.
    ...('review_before_posting' in changes ? {} : { approval: storedApproval }),
    ...changes,
    twitter_credentials: clearCredentials ? {} : (changes.twitter_credentials ?? {}),
  });
  const fields = { ...validated, twitter_credentials: mergeTwitterCredentials(stored, validated.twitter_credentials) };
  await checkFarcasterChannel(services, fields, row.farcasterChannel);

  const keptTrainingFiles = (row.trainingFiles ?? []).filter(
    (file) => !removeTrainingFiles.includes(trainingFileId(file.path)),
  );
  const isContextChanged = fields.custom_context !== row.customContext;
  const files = await storeAgentFiles(services.storage, {
    workspaceId,
    image,
    trainingFiles,
    customContext: isContextChanged ? fields.custom_context : undefined,
    keptTrainingFileCount: keptTrainingFiles.length,
  });

  const allTrainingFiles = [...keptTrainingFiles, ...files.trainingFiles];
  const imagePath = files.imagePath ?? (removeImage ? null : row.imagePath);
  const customContextPath = isContextChanged ? (files.customContextPath ?? null) : row.customContextPath;
  const droppedPaths = [
    ...(row.trainingFiles ?? []).filter((file) => !keptTrainingFiles.includes(file)).map((file) => file.path),
    ...(row.customContextPath && row.customContextPath !== customContextPath ? [row.customContextPath] : []),
  ];
  let saved;
  try {
    // The agent and its knowledge sources change together: dropped files stop being searched, new ones are queued.
    saved = await services.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(agent)
        .set({
          ...toAgentColumns(fields, services.secretBox),
          imagePath,
          trainingFiles: allTrainingFiles.length > 0 ? allTrainingFiles : null,
          customContextPath,
          updatedAt: new Date(),
        })
        .where(and(eq(agent.id, row.id), eq(agent.workspaceId, workspaceId)))
        .returning();
      if (!updated) return null;
      await recordAuditEvent(tx, {
        workspaceId,
        actor,
        action: 'agent.edited',
        subject: { id: updated.id, name: updated.name },
        detail: describeAgentChanges({
          before: {
            ...toAgentFields(row),
            twitter_credentials: openTwitterCredentials(row.twitterCredentialsSealed, services.secretBox),
          },
          after: fields,
          files: {
            image: Boolean(image) || (removeImage && row.imagePath !== null),
            trainingFiles: trainingFiles.length > 0 || droppedPaths.length > 0,
          },
        }),
      });
      await syncAgentSchedules(tx, updated, services.scheduleSettings);
      await respreadAccountSchedules(tx, { workspaceId: updated.workspaceId, defaultPlan: services.defaultPlan });
      if (droppedPaths.length > 0) {
        await tx
          .delete(knowledgeSource)
          .where(and(eq(knowledgeSource.agentId, row.id), inArray(knowledgeSource.storagePath, droppedPaths)));
      }
      const sources = knowledgeSourcesFor(
        { agentId: row.id, workspaceId },
        { trainingFiles: files.trainingFiles, customContextPath: files.customContextPath },
      );
      const queued =
        sources.length > 0
          ? await tx.insert(knowledgeSource).values(sources).returning({ id: knowledgeSource.id })
          : [];
      return { updated, queuedSources: queued.map((source) => source.id) };
    });
  } catch (error) {
    await files.discard();
    throw error;
  }
  if (!saved) {
    // Deleted between our read and this write.
    await files.discard();
    throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  }

  // Only now that the row points at the new files may the old ones go (the agent-changed job removes them).
  const replaced: { bucket: StorageBucket; path: string }[] = [];
  if (row.imagePath && row.imagePath !== imagePath) replaced.push({ bucket: 'images', path: row.imagePath });
  for (const file of row.trainingFiles ?? []) {
    if (!keptTrainingFiles.includes(file)) replaced.push({ bucket: 'trainingfiles', path: file.path });
  }
  if (row.customContextPath && row.customContextPath !== customContextPath) {
    replaced.push({ bucket: 'trainingfiles', path: row.customContextPath });
  }
  await services.notifyAgentChanged({
    agentId: row.id,
    workspaceId,
    change: 'updated',
    orphanedFiles: replaced,
    queuedSources: saved.queuedSources,
  });
  const connections = await findAgentConnections(services.db, [row.id]);
  return toAgentResource(saved.updated, services, connections.get(row.id));
};
