import { z } from 'zod';
import { CONVERSATION_CLIENTS } from '../agents-constants.ts';
import { INBOX_CURSOR_PATTERN, INBOX_STATES } from '../inbox-constants.ts';
import { inboxBlockAnswerSchema, inboxItemSchema, inboxPageSchema, inboxSendSchema } from '../inbox.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

const itemParams = z.object({ id: z.string() });
const itemAnswer = (description: string) => jsonContent(inboxItemSchema, description);

/** The Inbox tab: the messages addressed to the account's agents, and what a person does with them. */
export const inboxRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/inbox',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'Mentions, replies and messages addressed to the agents, grouped by conversation, newest first',
    request: {
      query: z.object({
        agent_id: z
          .string()
          .optional()
          .transform((id) => id || undefined),
        platform: z
          .enum(CONVERSATION_CLIENTS, { error: `platform must be one of: ${CONVERSATION_CLIENTS.join(', ')}` })
          .optional(),
        state: z.enum(INBOX_STATES, { error: `state must be one of: ${INBOX_STATES.join(', ')}` }).optional(),
        /** The `next_before` of the previous page. */
        before: z.string().regex(INBOX_CURSOR_PATTERN, 'before must be the next_before of an earlier page').optional(),
      }),
    },
    responses: { 200: jsonContent(inboxPageSchema, 'One page'), ...errorResponses(400, 401, 403, 404) },
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/inbox/{id}/send',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'publish',
    summary:
      'Send the answer now: the agent’s draft (with `text`, edited), or a person’s own answer to a message the agent did not answer, as the agent’s account',
    request: { params: itemParams, body: { ...jsonContent(inboxSendSchema, 'The answer’s text'), required: true } },
    responses: {
      200: itemAnswer('The message with its answer on its way'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  regenerate: defineRoute({
    method: 'post',
    path: '/api/inbox/{id}/regenerate',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary: 'Ask the agent for another answer to a message whose answer waits for approval',
    request: { params: itemParams },
    responses: {
      200: itemAnswer('The message with the new answer'),
      ...errorResponses(401, 403, 404, 409, 502, 504),
    },
  }),
  ignore: defineRoute({
    method: 'post',
    path: '/api/inbox/{id}/ignore',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary: 'Leave a message unanswered: its draft, if any, is never sent',
    request: { params: itemParams },
    responses: { 200: itemAnswer('The message, ignored'), ...errorResponses(401, 403, 404, 409) },
  }),
  blockAuthor: defineRoute({
    method: 'post',
    path: '/api/inbox/{id}/block-author',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Add the message’s author to its agent’s block-list (never answered again) and ignore the message',
    request: { params: itemParams },
    responses: {
      200: jsonContent(inboxBlockAnswerSchema, 'The message, and what was blocked'),
      ...errorResponses(401, 403, 404),
    },
  }),
};
