import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { agentsQueryOptions } from './agents-query.ts';

export const useDeleteAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) => apiRequest<{ success: boolean }>(`/api/agents/${agentId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
};
