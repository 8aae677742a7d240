import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientLinksRoutes } from '@agentcast/contracts/api/client-links-routes';
import { callApi } from '../../../api/call-api.ts';

const CLIENT_LINKS_KEY = ['client-links'] as const;

/** The workspace's client approval links that work (Owners and Admins). */
export const useClientLinks = (enabled: boolean) =>
  useQuery({
    queryKey: CLIENT_LINKS_KEY,
    queryFn: ({ signal }) => callApi(clientLinksRoutes.list, { signal }),
    enabled,
  });

export const useCreateClientLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientName: string) => callApi(clientLinksRoutes.create, { json: { client_name: clientName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_LINKS_KEY }),
  });
};

export const useRevokeClientLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(clientLinksRoutes.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENT_LINKS_KEY }),
  });
};
