import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksRoutes } from '@agentcast/contracts/api/webhooks-routes';
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from '@agentcast/contracts/webhooks';
import { callApi } from '../../../api/call-api.ts';

const WEBHOOKS_KEY = ['webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...WEBHOOKS_KEY, endpointId, 'deliveries'] as const;

/** While a delivery is pending its log is read again this often, so that the person sees it land. */
const PENDING_REFRESH_MS = 1500;

export const useWebhookEndpoints = () =>
  useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => callApi(webhooksRoutes.list, { signal }) });

/** The answer holds the new endpoint's secret, which the section shows at once. */
export const useCreateWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => callApi(webhooksRoutes.create, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
  });
};

export const useUpdateWebhookEndpoint = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateWebhookEndpointInput) =>
      callApi(webhooksRoutes.update, { params: { id }, json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
  });
};

export const useDeleteWebhookEndpoint = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(webhooksRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
  });
};

/** Reveal is a request of its own (a POST: read-only API keys cannot make it); the secret lives in the mutation. */
export const useRevealWebhookSecret = (id: string) =>
  useMutation({ mutationFn: () => callApi(webhooksRoutes.revealSecret, { params: { id } }) });

export const useRotateWebhookSecret = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(webhooksRoutes.rotateSecret, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
  });
};

/**
 * The endpoint's delivery log, newest first, a page at a time; read again while anything on it is pending. Each new
 * reading refreshes the endpoints too: an attempt may have started or ended the endpoint's failing streak.
 */
export const useWebhookDeliveries = (endpointId: string) => {
  const queryClient = useQueryClient();
  const log = useInfiniteQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: ({ signal, pageParam }) =>
      callApi(webhooksRoutes.deliveries, { params: { id: endpointId }, query: { before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((delivery) => delivery.status === 'pending'))
        ? PENDING_REFRESH_MS
        : false,
  });
  const readAt = log.dataUpdatedAt;
  useEffect(() => {
    if (readAt > 0) void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });
  }, [readAt, queryClient]);
  return log;
};

const useDeliveryAction = (endpointId: string, send: () => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
};

export const useSendTestWebhook = (endpointId: string) =>
  useDeliveryAction(endpointId, () => callApi(webhooksRoutes.sendTest, { params: { id: endpointId } }));

export const useResendWebhookDelivery = (endpointId: string, deliveryId: string) =>
  useDeliveryAction(endpointId, () =>
    callApi(webhooksRoutes.resend, { params: { id: endpointId, delivery_id: deliveryId } }),
  );
