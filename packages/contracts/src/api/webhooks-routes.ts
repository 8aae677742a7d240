import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointInputSchema,
  updateWebhookEndpointInputSchema,
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_TEST_LIMIT,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '../webhooks.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

// Any text: an id that cannot be one answers 404 like a stranger's (the server checks it is a uuid).
const endpointParams = z.object({ id: z.string() });
const deliveryParams = endpointParams.extend({ delivery_id: z.string() });

/**
 * The account's webhook endpoints (Settings → Webhooks). Gated like the dashboard, and open to API keys: a program
 * may register its own receiver. Revealing and rotating a secret are POSTs, so that a read-only key can list the
 * endpoints but never read a secret that signs events.
 */
export const webhooksRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/webhooks',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The account’s webhook endpoints, oldest first',
    responses: { 200: jsonContent(webhookEndpointListSchema, 'The endpoints'), ...errorResponses(401, 403) },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/webhooks',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: 'Register an endpoint for some events; the answer holds its signing secret',
    request: {
      body: {
        ...jsonContent(createWebhookEndpointInputSchema, 'URL, events and an optional description'),
        required: true,
      },
    },
    responses: {
      201: jsonContent(createdWebhookEndpointSchema, 'The endpoint and its secret'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/webhooks/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: 'Change the URL, description or events, or disable or enable the endpoint (enabling clears its failures)',
    request: {
      params: endpointParams,
      body: { ...jsonContent(updateWebhookEndpointInputSchema, 'What to change'), required: true },
    },
    responses: {
      200: jsonContent(webhookEndpointSchema, 'The endpoint as changed'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/webhooks/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: 'Delete the endpoint and its delivery log; events stop at once',
    request: { params: endpointParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  revealSecret: defineRoute({
    method: 'post',
    path: '/api/webhooks/{id}/secret',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: 'Show the endpoint’s signing secret',
    request: { params: endpointParams },
    responses: { 200: jsonContent(webhookSecretSchema, 'The secret'), ...errorResponses(401, 403, 404) },
  }),
  rotateSecret: defineRoute({
    method: 'post',
    path: '/api/webhooks/{id}/secret/rotate',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: 'Replace the signing secret; for 24 hours each event is signed with the previous one as well',
    request: { params: endpointParams },
    responses: { 200: jsonContent(webhookSecretSchema, 'The new secret'), ...errorResponses(401, 403, 404) },
  }),
  deliveries: defineRoute({
    method: 'get',
    path: '/api/webhooks/{id}/deliveries',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The events sent to the endpoint, newest first, a page at a time, each with its attempts',
    request: {
      params: endpointParams,
      query: z.object({
        /** The `next_before` of the previous page. */
        before: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(WEBHOOK_DELIVERY_PAGE_SIZE),
      }),
    },
    responses: { 200: jsonContent(webhookDeliveryPageSchema, 'One page'), ...errorResponses(400, 401, 403, 404) },
  }),
  resend: defineRoute({
    method: 'post',
    path: '/api/webhooks/{id}/deliveries/{delivery_id}/resend',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: 'Send the event again now, with the same webhook-id',
    request: { params: deliveryParams },
    responses: {
      200: jsonContent(webhookDeliverySchema, 'The delivery, pending again'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  sendTest: defineRoute({
    method: 'post',
    path: '/api/webhooks/{id}/test',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'webhooks.write',
    summary: `Send a \`webhook.test\` event to the endpoint now (${WEBHOOK_TEST_LIMIT.events} a minute per account at most)`,
    request: { params: endpointParams },
    responses: {
      200: jsonContent(webhookDeliverySchema, 'The delivery, pending'),
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
};
