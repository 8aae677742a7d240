import { z } from 'zod';
import {
  changeRequestSchema,
  clientApprovalPageSchema,
  clientLinkInputSchema,
  clientLinkSchema,
  newClientLinkSchema,
} from '../client-links.ts';
import { ACTION_KEY, PUBLIC, SESSION_OR_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

const linkParams = z.object({ id: z.uuid({ error: 'No such client link.' }) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const draftParams = tokenParams.extend({ id: z.string().min(1).max(100) });
const done = z.object({ success: z.literal(true) });

/**
 * A client's approval by link (issue 36 §4): Owners and Admins make, list and revoke the workspace's client links;
 * the link's page reads and decides the drafts waiting for that client's approval with the token alone.
 */
export const clientLinksRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/workspace/client-links',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary: 'The workspace’s client approval links that work, newest first',
    responses: {
      200: jsonContent(z.object({ links: z.array(clientLinkSchema) }), 'The links'),
      ...errorResponses(401, 403),
    },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/workspace/client-links',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary:
      'Make a client’s approval link, valid 30 days (a client’s earlier link stops working); its URL is shown once',
    request: { body: { ...jsonContent(clientLinkInputSchema, 'The client'), required: true } },
    responses: { 201: jsonContent(newClientLinkSchema, 'The link and its URL'), ...errorResponses(400, 401, 403) },
  }),
  revoke: defineRoute({
    method: 'delete',
    path: '/api/workspace/client-links/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary: 'Revoke a client’s approval link: its page stops working at once',
    request: { params: linkParams },
    responses: { 200: jsonContent(done, 'Revoked'), ...errorResponses(401, 403, 404) },
  }),
  page: defineRoute({
    method: 'get',
    path: '/api/client-approvals/{token}',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'What a client’s approval link shows: the drafts waiting for that client, and nothing else',
    request: { params: tokenParams },
    responses: { 200: jsonContent(clientApprovalPageSchema, 'The drafts'), ...errorResponses(404, 429) },
  }),
  approve: defineRoute({
    method: 'post',
    path: '/api/client-approvals/{token}/drafts/{id}/approve',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'The client approves a draft: it goes out at its planned time (at once when that has passed)',
    request: { params: draftParams },
    responses: { 200: jsonContent(done, 'Approved'), ...errorResponses(404, 409, 429) },
  }),
  requestChanges: defineRoute({
    method: 'post',
    path: '/api/client-approvals/{token}/drafts/{id}/request-changes',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'The client asks for changes, with a comment the team sees on the draft; it goes back to the team',
    request: {
      params: draftParams,
      body: { ...jsonContent(changeRequestSchema, 'What to change'), required: true },
    },
    responses: { 200: jsonContent(done, 'Sent to the team'), ...errorResponses(400, 404, 409, 429) },
  }),
};
