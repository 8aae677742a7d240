import { z } from 'zod';
import {
  draftApprovalSchema,
  draftChangesSchema,
  draftCommentInputSchema,
  draftCommentSchema,
  draftListSchema,
  draftRejectionSchema,
  draftRescheduleSchema,
  draftSchema,
} from '../drafts.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

const draftIdParams = z.object({ id: z.string() });

/** The Review tab: drafts of agents with review on, waiting for a person. */
export const draftsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/drafts',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The drafts waiting for review, soonest planned first, and the latest that expired unapproved',
    responses: { 200: jsonContent(draftListSchema, 'The drafts'), ...errorResponses(401, 403) },
  }),
  approve: defineRoute({
    method: 'post',
    path: '/api/drafts/approve',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'approve',
    summary:
      'Give drafts the team’s approval: each is published at its planned time, or at once (`now`, or when the time has passed), unless it waits for the client',
    request: {
      body: { ...jsonContent(draftApprovalSchema, 'The drafts, and whether to post them now'), required: true },
    },
    responses: {
      200: jsonContent(
        z.object({ approved: z.array(z.object({ id: z.string(), publish_at: z.string() })) }),
        'The drafts approved and when each goes out',
      ),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  change: defineRoute({
    method: 'patch',
    path: '/api/drafts/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary: 'Edit a draft’s text, move it to another time, or use another of its versions',
    request: {
      params: draftIdParams,
      body: { ...jsonContent(draftChangesSchema, 'What to change'), required: true },
    },
    responses: { 200: jsonContent(draftSchema, 'The draft as changed'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  regenerate: defineRoute({
    method: 'post',
    path: '/api/drafts/{id}/regenerate',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary: 'Ask the agent for another version from the same brief (the chosen one stays until another is chosen)',
    request: { params: draftIdParams },
    responses: {
      200: jsonContent(draftSchema, 'The draft with its new version'),
      ...errorResponses(401, 403, 404, 409, 502, 504),
    },
  }),
  reschedule: defineRoute({
    method: 'post',
    path: '/api/drafts/{id}/reschedule',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary: 'Plan an expired draft again: it waits for review, to go out at this time once approved',
    request: {
      params: draftIdParams,
      body: { ...jsonContent(draftRescheduleSchema, 'Its new time'), required: true },
    },
    responses: {
      200: jsonContent(draftSchema, 'The draft, waiting again'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  reject: defineRoute({
    method: 'post',
    path: '/api/drafts/{id}/reject',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'approve',
    summary: 'Reject a draft: it is never published; the reason is kept in the terminal',
    request: { params: draftIdParams, body: jsonContent(draftRejectionSchema, 'Why, optionally') },
    responses: {
      200: jsonContent(z.object({ success: z.literal(true) }), 'Rejected'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  comment: defineRoute({
    method: 'post',
    path: '/api/drafts/{id}/comments',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'comment',
    summary:
      'Comment on a waiting draft: each member named with `@` and their name or e-mail address is e-mailed a link to it (a draft of another workspace, or no longer waiting, is not found)',
    request: {
      params: draftIdParams,
      body: { ...jsonContent(draftCommentInputSchema, 'What to say'), required: true },
    },
    responses: {
      201: jsonContent(draftCommentSchema, 'The comment, with the members it mentions'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};
