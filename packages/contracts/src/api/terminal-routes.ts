import { z } from 'zod';
import { agentScheduleSchema, postingDayQuerySchema, postingDaySchema } from '../schedules.ts';
import { POSTING_PLATFORMS } from '../connections.ts';
import {
  TERMINAL_PAGE_SIZE,
  TERMINAL_SEARCH_MAX,
  TERMINAL_STATUS_FILTERS,
  TERMINAL_STREAM_EVENTS,
  terminalMessageSchema,
  terminalPageSchema,
} from '../terminal.ts';
import { platformCostsSchema } from '../costs.ts';
import { usageSummarySchema } from '../publishing.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** What the dashboard reads beside the agents: the terminal, when agents next act, and today's usage. */
export const terminalRoutes = {
  page: defineRoute({
    method: 'get',
    path: '/api/terminal',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The terminal messages of one agent, or of all the account’s agents, newest first, a page at a time',
    request: {
      query: z.object({
        /** One agent's messages; all the account's agents' without (an empty value counts as none). */
        agent_id: z
          .string()
          .optional()
          .transform((id) => id || undefined),
        /** Where the posts stand: see TERMINAL_STATUS_FILTERS. */
        status: z
          .enum(TERMINAL_STATUS_FILTERS, { error: `status must be one of: ${TERMINAL_STATUS_FILTERS.join(', ')}` })
          .optional(),
        /** Messages with a delivery to this platform (combined with status: that platform's delivery). */
        platform: z
          .enum(POSTING_PLATFORMS, { error: `platform must be one of: ${POSTING_PLATFORMS.join(', ')}` })
          .optional(),
        /** Words the post's text contains, any case. */
        q: z
          .string()
          .trim()
          .max(TERMINAL_SEARCH_MAX, `The search text may be at most ${TERMINAL_SEARCH_MAX} characters`)
          .optional()
          .transform((text) => text || undefined),
        /** The `next_before` of the previous page. */
        before: z.string().optional(),
        limit: z.coerce.number().int().min(1).max(100).default(TERMINAL_PAGE_SIZE),
      }),
    },
    responses: { 200: jsonContent(terminalPageSchema, 'One page'), ...errorResponses(400, 401, 403, 404) },
  }),
  stream: defineRoute({
    method: 'get',
    path: '/api/terminal/stream',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary:
      'Server-sent events: `message` for each new entry of the account’s agents, `updated` for each change, `progress` for each step of a triggered run',
    request: { query: z.object({ agent_id: z.string().optional() }) },
    responses: {
      200: {
        content: { 'text/event-stream': { schema: z.string() } },
        // Each event's data is declared in ../terminal-stream.ts (terminalStreamEventSchemas).
        description: `The event stream: ${TERMINAL_STREAM_EVENTS.map((name) => `\`${name}\``).join(', ')}, each with JSON data`,
      },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  removePost: defineRoute({
    method: 'delete',
    path: '/api/terminal/{message_id}/posts/{platform}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'publish',
    summary: 'Delete a published post from the platform (the terminal entry stays, marked removed)',
    request: { params: z.object({ message_id: z.string(), platform: z.string() }) },
    responses: {
      200: jsonContent(terminalMessageSchema, 'The terminal message, its delivery removed'),
      ...errorResponses(401, 403, 404, 409, 502),
    },
  }),
  retryPost: defineRoute({
    method: 'post',
    path: '/api/terminal/{message_id}/posts/{platform}/retry',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'publish',
    summary:
      'Send a post that failed to reach a platform again, through the same once-only publishing (refused while it is published or going out)',
    request: {
      params: z.object({
        message_id: z.uuid('Not a terminal message id'),
        platform: z.enum(POSTING_PLATFORMS, { error: `platform must be one of: ${POSTING_PLATFORMS.join(', ')}` }),
      }),
    },
    responses: {
      200: jsonContent(terminalMessageSchema, 'The terminal message, its delivery going out again'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  schedules: defineRoute({
    method: 'get',
    path: '/api/schedules',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'When each of the account’s agents next posts, and next looks for posts to answer',
    responses: {
      200: jsonContent(z.object({ schedules: z.array(agentScheduleSchema) }), 'One entry per schedule'),
      ...errorResponses(401, 403),
    },
  }),
  postingDay: defineRoute({
    method: 'get',
    path: '/api/schedules/posting-day',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'How an agent with this post interval would post under the account’s plan (spread over the day or not)',
    request: { query: postingDayQuerySchema },
    responses: {
      200: jsonContent(postingDaySchema, 'The plan, and the agent’s slots of a day when they are spread'),
      ...errorResponses(400, 401, 403),
    },
  }),
  usage: defineRoute({
    method: 'get',
    path: '/api/usage',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The account’s plan, its daily limits and today’s use',
    responses: { 200: jsonContent(usageSummarySchema, 'Today’s usage'), ...errorResponses(401) },
  }),
  costs: defineRoute({
    method: 'get',
    path: '/api/usage/costs',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'This month’s estimated platform cost (X bills each post and read), per agent and in all',
    responses: {
      200: jsonContent(platformCostsSchema, 'The cost meter'),
      ...errorResponses(401, 403),
    },
  }),
};
