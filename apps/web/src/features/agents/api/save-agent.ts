import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AgentFields } from '@agentcast/contracts/agents';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { toAgentForm, progressPerFile, type AgentFileChanges } from './agent-files.ts';

/** `pending_connections`: Create Agent only, the connections made for the agent before it existed. */
type SaveAgentInput = { fields: AgentFields & { pending_connections?: string[] }; files: AgentFileChanges };

/**
 * Creates (no agentId) or updates an agent in one multipart request, reporting each file's upload progress
 * (0 to 1, in the order image, training files).
 */
export const useSaveAgent = (agentId?: string) => {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number[]>([]);
  const mutation = useMutation({
    mutationFn: ({ fields, files }: SaveAgentInput) => {
      const uploads = [...(files.image ? [files.image] : []), ...files.trainingFiles];
      setProgress(uploads.map(() => 0));
      const form = toAgentForm(fields, files);
      const onUploadProgress = (sent: number, total: number) => setProgress(progressPerFile(uploads, sent, total));
      return agentId
        ? callApi(agentsRoutes.update, { params: { id: agentId }, form, onUploadProgress })
        : callApi(agentsRoutes.create, { form, onUploadProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents }),
  });
  return { ...mutation, progress };
};
