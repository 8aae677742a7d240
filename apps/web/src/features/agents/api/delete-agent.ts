import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

export const useDeleteAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) => callApi(agentsRoutes.remove, { params: { id: agentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents }),
  });
};
