import { z } from 'zod';

export * from './schedules-constants.ts';

/**
 * When an agent next acts on its own (GET /api/schedules): `post` every post interval while posting is enabled,
 * `chat` when it next looks on X for posts to answer. An agent without either has no entry.
 */
export const agentScheduleSchema = z.object({
  agent_id: z.string(),
  kind: z.enum(['post', 'chat']),
  next_run_at: z.string(),
  /**
   * When it next publishes or drafts a post (the AgentBoard's "Next post at …", as the Calendar shows it): slots
   * over the day's quota or skipped are passed over; null when none comes within NEXT_POST_HORIZON_DAYS. For `chat`, as
   * next_run_at.
   */
  next_post_at: z.string().nullable(),
});
export type AgentSchedule = z.infer<typeof agentScheduleSchema>;
