import { z } from 'zod';
import { calendarSchema, slotSkipSchema } from '../calendar.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

const agentIdParams = z.object({ id: z.string() });

/** The Calendar tab: what each agent will post in the coming week, and skipping one of those posts. */
export const calendarRoutes = {
  get: defineRoute({
    method: 'get',
    path: '/api/calendar',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The next 7 days of planned posts, drafts and scheduled posts, and the last 7 days of published ones',
    responses: { 200: jsonContent(calendarSchema, 'The calendar'), ...errorResponses(401, 403) },
  }),
  skipSlot: defineRoute({
    method: 'post',
    path: '/api/agents/{id}/skipped-slots',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Let one planned post of the agent pass (the slot as the calendar names it)',
    request: { params: agentIdParams, body: { ...jsonContent(slotSkipSchema, 'The slot'), required: true } },
    responses: { 204: { description: 'Skipped' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  unskipSlot: defineRoute({
    method: 'delete',
    path: '/api/agents/{id}/skipped-slots/{slot_at}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Plan a skipped post again',
    request: { params: agentIdParams.extend({ slot_at: slotSkipSchema.shape.slot_at }) },
    responses: { 204: { description: 'Planned again' }, ...errorResponses(400, 401, 403, 404) },
  }),
};
