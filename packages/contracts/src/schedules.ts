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

/** GET /api/schedules/posting-day: how an agent with this interval would post, for the agent form's note. */
export const postingDayQuerySchema = z.object({
  /** The post interval in the form, in minutes. */
  interval: z.coerce.number().int().min(1),
  /** The agent being edited; absent for a new one (which comes after the account's other agents). */
  agent_id: z.string().optional(),
});

export const postingDaySchema = z.object({
  plan: z.object({ id: z.string(), name: z.string() }),
  /** The plan's posts a day; null: unlimited. */
  posts_per_day: z.number().nullable(),
  /** How many of the account's posting agents (this one included) share them. */
  shared_by: z.number(),
  /**
   * When the interval would make more posts a day than the plan leaves this agent: its next day of slots (ISO
   * instants; spread over the posting hours of the account's time zone). Null: it posts every interval.
   */
  times: z.array(z.string()).nullable(),
});
export type PostingDay = z.infer<typeof postingDaySchema>;
