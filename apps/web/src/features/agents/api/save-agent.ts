import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Agent, AgentFields } from '@agentcast/contracts/agents';
import { sendFormWithProgress } from '../../../lib/send-form-with-progress.ts';
import { toAgentForm, progressPerFile, type AgentFileChanges } from './agent-files.ts';
import { agentsQueryOptions } from './agents-query.ts';

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
      return sendFormWithProgress<Agent>({
        method: agentId ? 'PATCH' : 'POST',
        url: agentId ? `/api/agents/${agentId}` : '/api/agents',
        form: toAgentForm(fields, files),
        onProgress: (sent, total) => setProgress(progressPerFile(uploads, sent, total)),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
  return { ...mutation, progress };
};
