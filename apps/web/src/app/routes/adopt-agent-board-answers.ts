import type { QueryClient } from '@tanstack/react-query';
import { agentPagesQueryOptions, nextAgentPage, readAgentPage } from '../../features/agents/api/agents-query.ts';
import { readSchedules, schedulesQueryOptions } from '../../features/agents/api/schedules-query.ts';
import { draftsQueryOptions, readDrafts } from '../../features/review/api/drafts-query.ts';
import { inboxSummaryQueryOptions, readInboxSummary } from '../../features/inbox/api/inbox-query.ts';
import { costsQueryOptions, readCosts, readUsage, usageQueryOptions } from '../../features/usage/api/usage-query.ts';
import { adoptEarlyAnswer, adoptEarlyFirstPage } from './adopt-early-answers.ts';

/**
 * The dashboard's reads main.tsx sent with the page (page-plan.ts): the counts on the Review and Inbox tabs, and on the
 * AgentBoard its first page of agents, the usage line and each agent's next post. Each query takes its answer
 * instead of asking once the board renders; an answer that failed (the gate held the page back, say) is asked again.
 */
export const adoptAgentBoardAnswers = (queryClient: QueryClient) => {
  adoptEarlyFirstPage(queryClient, {
    request: 'agentPage',
    queryKey: agentPagesQueryOptions().queryKey,
    queryFn: readAgentPage,
    getNextPageParam: nextAgentPage,
  });
  const reads = [
    { request: 'usage', queryKey: usageQueryOptions().queryKey, queryFn: readUsage },
    { request: 'costs', queryKey: costsQueryOptions().queryKey, queryFn: readCosts },
    { request: 'schedules', queryKey: schedulesQueryOptions().queryKey, queryFn: readSchedules },
    { request: 'drafts', queryKey: draftsQueryOptions().queryKey, queryFn: readDrafts },
    { request: 'inbox', queryKey: inboxSummaryQueryOptions().queryKey, queryFn: readInboxSummary },
  ] as const;
  for (const read of reads) void adoptEarlyAnswer<unknown>(queryClient, { ...read, askAgainOnFailure: true });
};
