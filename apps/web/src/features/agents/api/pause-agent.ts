import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

type PauseInput = { agentId: string; paused: boolean };

/**
 * Pauses or resumes an agent. The agents key holds the schedules too, so the row's next post is read again; the
 * mutation stays pending until it is, so the row never shows the new state beside the old schedule.
 */
export const useSetAgentPaused = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, paused }: PauseInput) =>
      callApi(paused ? agentsRoutes.pause : agentsRoutes.resume, { params: { id: agentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents }),
  });
};
