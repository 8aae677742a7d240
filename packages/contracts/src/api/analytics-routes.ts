import { z } from 'zod';
import { analyticsQuerySchema, analyticsSchema } from '../analytics.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** The Analytics tab: how the account's (or one agent's) published posts did, and the same as a CSV file. */
export const analyticsRoutes = {
  get: defineRoute({
    method: 'get',
    path: '/api/analytics',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'Posts and engagement per day, engagement by hour of day and the best posts of the period',
    request: { query: analyticsQuerySchema },
    responses: { 200: jsonContent(analyticsSchema, 'The figures'), ...errorResponses(400, 401, 403, 404) },
  }),
  exportCsv: defineRoute({
    method: 'get',
    path: '/api/analytics/export.csv',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'Every post published in the period, one row per platform, with its latest metrics (CSV)',
    request: { query: analyticsQuerySchema },
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};
