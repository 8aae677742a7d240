import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientLinksRoutes } from '@agentcast/contracts/api/client-links-routes';
import { callApi } from '../../../api/call-api.ts';

const pageKey = (token: string) => ['client-approval', token] as const;

/** What the client's link shows: the drafts waiting for them. */
export const useClientApprovalPage = (token: string) =>
  useQuery({
    queryKey: pageKey(token),
    queryFn: ({ signal }) => callApi(clientLinksRoutes.page, { params: { token }, signal }),
    retry: false,
  });

const useDecision = <Input>(token: string, decide: (input: Input) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pageKey(token) }),
  });
};

export const useApproveAsClient = (token: string) =>
  useDecision(token, (id: string) => callApi(clientLinksRoutes.approve, { params: { token, id } }));

export const useRequestChanges = (token: string) =>
  useDecision(token, ({ id, comment }: { id: string; comment: string }) =>
    callApi(clientLinksRoutes.requestChanges, { params: { token, id }, json: { comment } }),
  );
