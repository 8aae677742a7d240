import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriodDays } from '@agentcast/contracts/analytics';
import { analyticsRoutes } from '@agentcast/contracts/api/analytics-routes';
import { apiUrl, callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/** What the Analytics tab shows: one agent ('' for all) over the last `days`. */
export type AnalyticsFilter = { agentId: string; days: AnalyticsPeriodDays };

/**
 * The viewer's offset from UTC in minutes east (UTC+2 is 120), so the server counts days and hours as the viewer
 * lives them. Date.getTimezoneOffset answers the other way round.
 */
export const viewerTzOffset = (now = new Date()) => -now.getTimezoneOffset();

const queryOf = ({ agentId, days }: AnalyticsFilter, tzOffset: number) => ({
  agent_id: agentId || undefined,
  days,
  tz_offset: tzOffset,
});

/**
 * GET /api/analytics. Under the agents key, as the calendar is: a run, an edit or a deletion anywhere invalidates
 * it. Metrics are read by the server about hourly, so a few minutes' staleness costs nothing.
 */
export const analyticsQueryOptions = (filter: AnalyticsFilter, tzOffset: number) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.agents, 'analytics', { ...filter, tzOffset }],
    queryFn: ({ signal }) => callApi(analyticsRoutes.get, { query: queryOf(filter, tzOffset), signal }),
    refetchOnMount: 'always',
    refetchInterval: 5 * 60_000,
    // Switching the period or the agent keeps the last figures on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (filter: AnalyticsFilter, tzOffset: number) =>
  useQuery(analyticsQueryOptions(filter, tzOffset));

/** The CSV of the same filter: a plain link, so the browser downloads it with the session cookie. */
export const analyticsCsvUrl = (filter: AnalyticsFilter, tzOffset: number) =>
  apiUrl(analyticsRoutes.exportCsv, { query: queryOf(filter, tzOffset) });
