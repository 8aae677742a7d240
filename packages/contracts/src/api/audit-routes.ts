import { z } from 'zod';
import { auditPageQuerySchema, auditPageSchema, auditQuerySchema } from '../audit.ts';
import { ACTION_KEY, SESSION_OR_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** The workspace's audit log (issue 36 §5): who changed what and when, a page at a time or as a CSV file. */
export const auditRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/workspace/audit',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The workspace’s audit log, newest first, filtered by action, member and period',
    request: { query: auditPageQuerySchema },
    responses: { 200: jsonContent(auditPageSchema, 'One page of the log'), ...errorResponses(400, 401, 403) },
  }),
  exportCsv: defineRoute({
    method: 'get',
    path: '/api/workspace/audit.csv',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The audit log with the same filters, as a CSV file (newest first, at most 100,000 lines)',
    request: { query: auditQuerySchema },
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
};
