import { useQuery } from '@tanstack/react-query';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';

const isUnfinished = (sources: KnowledgeSourceStatus[] | undefined) =>
  sources?.some((source) => source.status === 'queued' || source.status === 'processing') ?? false;

/** The indexing status of an agent's documents, refreshed every 1.5 s while any is still being indexed. */
export const useKnowledgeSources = (agentId: string | undefined) =>
  useQuery({
    queryKey: ['knowledge', agentId],
    queryFn: ({ signal }) => callApi(agentsRoutes.knowledge, { params: { id: agentId ?? '' }, signal }),
    enabled: Boolean(agentId),
    refetchInterval: (query) => (isUnfinished(query.state.data) ? 1500 : false),
  });
