import { z } from 'zod';
import { PUBLIC, ACTION_KEY, defineRoute, jsonContent } from './define-route.ts';

export const healthRoutes = {
  health: defineRoute({
    method: 'get',
    path: '/api/health',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Answers 200 once the server is ready (its database migrated)',
    responses: { 200: jsonContent(z.object({ status: z.literal('ok') }), 'Ready') },
  }),
};
