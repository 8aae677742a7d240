import { z } from 'zod';
import { PUBLIC, ACTION_KEY, defineRoute, jsonContent } from './define-route.ts';

/** The API's own description, generated from these definitions (the reference page at /docs/api reads it). */
export const referenceRoutes = {
  openApiDocument: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'This API as an OpenAPI 3.1 document',
    responses: { 200: jsonContent(z.record(z.string(), z.unknown()), 'The OpenAPI document') },
  }),
};
