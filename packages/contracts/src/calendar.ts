import { z } from 'zod';
import { metricsSummarySchema } from './analytics.ts';

/** The Calendar tab looks this many days ahead, and as many back for what was published. */
export const CALENDAR_DAYS = 7;
/** Planned slots listed at most in one answer (an agent posting every minute has 10,080 a week). */
export const MAX_PLANNED_ENTRIES = 500;

/** What a planned slot will do when it comes. */
export const plannedOutcomeSchema = z.enum([
  /** Published on its own. */
  'post',
  /** Written as a draft for review (the agent has review on). */
  'draft',
  /** Skipped: that day's posts of the plan are used by then. */
  'over_quota',
  /** Skipped: the agent has the most drafts waiting already. */
  'drafts_full',
  /** Skipped by a person in the Calendar. */
  'skipped',
]);
export type PlannedOutcome = z.infer<typeof plannedOutcomeSchema>;

const agentRef = { agent_id: z.string() };
const postLink = z.object({
  platform: z.string(),
  url: z.string().nullable(),
  status: z.string(),
  /** Why it did not post, when it did not (the delivery's error, written for a person). */
  error: z.string().nullable(),
  removed_at: z.string().nullable(),
  /** How the post did on this platform: its latest reading, absent until the platform was first read. */
  metrics: metricsSummarySchema.optional(),
});

/** One thing on the calendar; `at` is when it goes (or went) out, ISO 8601 in UTC. */
export const calendarEntrySchema = z.discriminatedUnion('kind', [
  /** A slot of the agent's post interval (jitter included). `slot_at` names it for skipping. */
  z.object({
    kind: z.literal('planned'),
    ...agentRef,
    at: z.string(),
    slot_at: z.string(),
    outcome: plannedOutcomeSchema,
    /** One entry stands for this many slots: the agent's until the UTC day ends (over quota) or the week does (drafts full). */
    repeats: z.number().int().min(1),
  }),
  /** A draft waiting for review, at its planned time (movable). */
  z.object({ kind: z.literal('draft'), ...agentRef, run_id: z.string(), at: z.string(), text: z.string() }),
  /** Approved or composed, waiting for its time. */
  z.object({ kind: z.literal('scheduled'), ...agentRef, run_id: z.string(), at: z.string(), text: z.string() }),
  /**
   * A post whose time came in the last days, and where it stands on each platform (`links`): published, going out,
   * or not posted with the reason. The name is the API's since issue 17; a post no platform took is one too.
   */
  z.object({
    kind: z.literal('published'),
    ...agentRef,
    run_id: z.string(),
    /** Its terminal entry (what "Delete from X" names). */
    message_id: z.string().nullable(),
    at: z.string(),
    text: z.string(),
    links: z.array(postLink),
  }),
]);
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarAgentSchema = z.object({
  agent_id: z.string(),
  name: z.string(),
  paused: z.boolean(),
  review_before_posting: z.boolean(),
  /** Its first planned slot that posts or drafts (the AgentBoard's "Next post at …"); null when none is ahead. */
  next_post_at: z.string().nullable(),
});
export type CalendarAgent = z.infer<typeof calendarAgentSchema>;

/** GET /api/calendar */
export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  agents: z.array(calendarAgentSchema),
  entries: z.array(calendarEntrySchema),
  /** More planned slots fall in the range than MAX_PLANNED_ENTRIES: the latest are left out. */
  truncated: z.boolean(),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** POST /api/agents/:id/skipped-slots */
export const slotSkipSchema = z.object({
  slot_at: z.iso.datetime({ offset: true, error: 'Give the slot as ISO 8601, e.g. 2026-11-25T09:30:00Z' }),
});

export const CALENDAR_MESSAGES = {
  notASlot: 'That time is not one of this agent’s planned posts.',
  notScheduled: 'This agent has no planned posts: posting is off or it is paused.',
} as const;
