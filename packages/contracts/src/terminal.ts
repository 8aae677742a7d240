import { z } from 'zod';
import { metricsSummarySchema } from './analytics.ts';

export * from './terminal-constants.ts';

/** Spec §7: the trigger's fixed instruction. */
export const DEFAULT_TRIGGER_MESSAGE = 'Write a tweet about AI';

export const triggerInputSchema = z.object({
  message: z
    .string()
    .trim()
    .max(500, 'The instruction may be at most 500 characters')
    .optional()
    .transform((message) => message || DEFAULT_TRIGGER_MESSAGE),
});

/**
 * Where a post is on its way to one platform: planned → generating → ready → posting → posted | failed | unknown
 * (the platform did not answer after the post was sent: being checked against the account's posts). A draft's
 * deliveries wait in `awaiting_review` until a person approves it (then `ready`, at its time) or rejects it
 * (`rejected`, never published), or its chosen time passes first (`expired`, never published). `removed`: published, then taken back from the platform. `skipped`: never attempted
 * (entries older than publishing).
 */
export const DELIVERY_STATUSES = [
  'planned',
  'generating',
  'awaiting_review',
  'ready',
  'posting',
  'posted',
  'failed',
  'unknown',
  'rejected',
  'expired',
  'removed',
  'skipped',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  platform: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().optional(),
  url: z.string().optional(),
  attempts: z.number().optional(),
  /** A `ready` delivery waits until then: the planned time of an approved draft, or the next try after an error. */
  next_attempt_at: z.string().optional(),
  /** When the published post was taken back from the platform. */
  removed_at: z.string().optional(),
  /** An X thread: how many posts it has, and how many of them are on X (the link is the first one's). */
  thread_length: z.number().optional(),
  thread_posted: z.number().optional(),
  /** How the published post did: its latest reading (issue 17 §6), absent until the platform was first read. */
  metrics: metricsSummarySchema.optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** The post a reply answers, as the terminal shows it. */
export const replyTargetSchema = z.object({
  platform: z.string(),
  postId: z.string(),
  authorUsername: z.string(),
  text: z.string(),
  /** Where the post is on the platform, and its author's display name and profile page, where the platform gave them. */
  url: z.string().optional(),
  authorName: z.string().optional(),
  authorUrl: z.string().optional(),
  /** The author's id on the platform and the conversation (thread) the post is in, for the reply guards. */
  authorId: z.string().optional(),
  conversationId: z.string().optional(),
  /** When the post was made (ISO), for bot-loop detection. */
  createdAt: z.string().optional(),
  /** The conversation above the post, oldest first (at most 10 messages), which the reply is written to follow. */
  thread: z.array(z.object({ authorUsername: z.string(), text: z.string() })).optional(),
});
export type ReplyTarget = z.infer<typeof replyTargetSchema>;

/** A terminal message as the API answers it: spec §3's fields, then how it was made and where it went. */
export const terminalMessageSchema = z.object({
  message_id: z.string(),
  created_at: z.string(),
  tweet_content: z.string(),
  agent_id: z.string(),
  instruction: z.string(),
  /** `composed`: written by a person in the Review tab. */
  trigger: z.enum(['manual', 'schedule', 'reply', 'composed']),
  /** For a reply: the post it answers. */
  reply_to: replyTargetSchema.nullable(),
  model: z.string(),
  is_offline: z.boolean(),
  deliveries: z.array(deliverySchema),
  notes: z.array(z.string()),
  /** The knowledge passages the post drew on: file and page. */
  sources: z.array(z.object({ name: z.string(), page: z.number().nullable() })),
});
export type TerminalMessage = z.infer<typeof terminalMessageSchema>;

export const terminalPageSchema = z.object({
  messages: z.array(terminalMessageSchema),
  next_before: z.string().nullable(),
});
export type TerminalPage = z.infer<typeof terminalPageSchema>;

export const TERMINAL_PAGE_SIZE = 20;

/**
 * What the terminal can be narrowed to, by where its posts stand: `posted` (live on a platform), `not_posted`
 * (failed, skipped, rejected or expired), `draft` (awaiting review), `removed` (published, then deleted from the platform).
 */
export const TERMINAL_STATUS_FILTERS = ['posted', 'not_posted', 'draft', 'removed'] as const;
export type TerminalStatusFilter = (typeof TERMINAL_STATUS_FILTERS)[number];

/** The delivery statuses each filter stands for (a message matches when one of its deliveries has one). */
export const STATUS_FILTER_DELIVERIES: Record<TerminalStatusFilter, readonly DeliveryStatus[]> = {
  posted: ['posted'],
  not_posted: ['failed', 'skipped', 'rejected', 'expired'],
  draft: ['awaiting_review'],
  removed: ['removed'],
};

/** The longest search text: enough for a phrase, short enough to keep the query cheap. */
export const TERMINAL_SEARCH_MAX = 100;

/**
 * Issue 16 §2: what a triggered run is doing, pushed over the terminal stream as `progress` events so the agent's
 * row can show the steps as they happen. `publishing` names its platform.
 */
export const RUN_PROGRESS_STEPS = ['writing', 'media', 'publishing'] as const;
export type RunProgressStep = (typeof RUN_PROGRESS_STEPS)[number];
export const runProgressSchema = z.object({
  agent_id: z.string(),
  run_id: z.string(),
  step: z.enum(RUN_PROGRESS_STEPS),
  platform: z.string().optional(),
});
export type RunProgress = z.infer<typeof runProgressSchema>;
