import { AppError } from '../../kernel/app-error.ts';
import type { AgentServices } from './agent-services.ts';
import { trainingFileId } from './agent-resource.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';

/** A training file of the user's own agent, for download. */
export const readTrainingFile = async (
  services: AgentServices,
  { workspaceId, agentId, fileId }: { workspaceId: string; agentId: string; fileId: string },
) => {
  const row = await findOwnedAgentRow(services.db, { workspaceId, agentId });
  const file = row.trainingFiles?.find((candidate) => trainingFileId(candidate.path) === fileId);
  const stored = file ? await services.storage.get('trainingfiles', file.path) : null;
  if (!file || !stored) throw new AppError('NOT_FOUND', 'Training file not found');
  return { name: file.name, body: stored.body, contentType: stored.contentType };
};
