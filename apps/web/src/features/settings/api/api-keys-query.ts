import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '@agentcast/contracts/api-keys';
import { apiKeysRoutes } from '@agentcast/contracts/api/api-keys-routes';
import { callApi } from '../../../api/call-api.ts';

const API_KEYS_KEY = ['api-keys'] as const;

export const useApiKeys = () =>
  useQuery({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => callApi(apiKeysRoutes.list, { signal }) });

/** The answer holds the key itself, which the section shows once; the list is read again without it. */
export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => callApi(apiKeysRoutes.create, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
};

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiKeysRoutes.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
};
