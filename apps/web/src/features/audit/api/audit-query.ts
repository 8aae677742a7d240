import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditRoutes } from '@agentcast/contracts/api/audit-routes';
import { apiUrl, callApi } from '../../../api/call-api.ts';
import { auditQueryOf, type AuditFilters } from '../lib/audit-filters.ts';

/** The workspace's audit log, newest first, a page at a time (older pages on demand), filtered by the server. */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['audit-log', filters],
      queryFn: ({ pageParam, signal }) =>
        callApi(auditRoutes.list, { query: { ...auditQueryOf(filters), cursor: pageParam || undefined }, signal }),
      initialPageParam: '',
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
  );

/** The same lines as a CSV file, for a download link (it names the workspace in its query). */
export const auditCsvUrl = (filters: AuditFilters) => apiUrl(auditRoutes.exportCsv, { query: auditQueryOf(filters) });
