import { z } from 'zod';
import { MAX_ACTIVE_API_KEYS, apiKeyListSchema, createApiKeyInputSchema, createdApiKeySchema } from '../api-keys.ts';
import { SESSION_ONLY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

const keyParams = z.object({ id: z.uuid({ error: 'No such API key.' }) });

/**
 * The account's personal API keys. A signed-in browser session only: a key can neither make nor revoke keys, so a
 * leaked key cannot mint itself successors.
 */
export const apiKeysRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/account/api-keys',
    security: SESSION_ONLY,
    [ACTION_KEY]: 'read',
    summary: 'The account’s API keys, newest first, expired ones included (revoked ones are gone)',
    responses: {
      200: jsonContent(apiKeyListSchema, 'The keys, without the keys themselves'),
      ...errorResponses(401, 403),
    },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/account/api-keys',
    security: SESSION_ONLY,
    [ACTION_KEY]: 'read',
    summary: `Create an API key (${MAX_ACTIVE_API_KEYS} unexpired ones at most); the answer is the only time the key is shown`,
    request: { body: { ...jsonContent(createApiKeyInputSchema, 'Name, scope and optional expiry'), required: true } },
    responses: {
      201: jsonContent(createdApiKeySchema, 'The key, shown once'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  revoke: defineRoute({
    method: 'delete',
    path: '/api/account/api-keys/{id}',
    security: SESSION_ONLY,
    [ACTION_KEY]: 'read',
    summary: 'Revoke an API key: it is refused from the next request on',
    request: { params: keyParams },
    responses: { 204: { description: 'Revoked' }, ...errorResponses(401, 403, 404) },
  }),
};
