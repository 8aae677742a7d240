import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PostMetrics } from '@agentcast/contracts/analytics';
import type { DeliveryStatus as ContractDeliveryStatus, ReplyTarget } from '@agentcast/contracts/terminal';
import { agent } from './agents.ts';

/** `composed`: written by a person in the Review tab, not by the agent. */
export type RunKind = 'manual' | 'schedule' | 'reply' | 'composed';
/**
 * planned → generating → ready (deliveries publish it), or → awaiting_review (a draft: its deliveries wait for a
 * person) → ready when every approval step is given, or rejected, or expired (its chosen time passed first; a
 * reschedule makes it a draft again). skipped and failed end a run that never produced a post.
 */
export type RunStatus =
  'planned' | 'generating' | 'awaiting_review' | 'ready' | 'rejected' | 'expired' | 'skipped' | 'failed';

/** A version of a draft's post that is not the chosen one (regenerating keeps the old one until one is chosen). */
export type DraftVersion = {
  text: string;
  media: RunMedia[];
  model: string;
  isOffline: boolean;
  notes: string[];
  sources: { name: string; page: number | null }[];
  createdAt: string;
};
export type DeliveryStatus = Exclude<ContractDeliveryStatus, 'skipped'>;

/** A medium made for a run, kept so that every delivery (and every retry) publishes the same bytes. */
export type ThreadPost = { postId: string; url: string };

export type RunMedia = {
  kind: 'image' | 'video';
  path: string;
  contentType: string;
  url: string;
  /** A video's poster: a PNG frame stored beside it (`posterPathFor`), for players to show before it plays. */
  posterPath?: string;
  posterUrl?: string;
  /**
   * How a generated video's card was drawn (its headline, layout, the agent's name and picture): a platform that
   * wants the video in another shape (Reels and Shorts: 9:16) gets it composed for that shape from this, not the
   * landscape clip between bars. Absent on a person's own media and on videos made before it existed.
   */
  card?: { keyLine: string; layout: string; agentName: string; avatarPath: string | null };
};

/**
 * One run of an agent — a manual trigger, a scheduled slot, or a reply — under a unique idempotency key
 * (`schedule:{agent}:{slot}`, `manual:{trigger}`, `reply:{agent}:{platform}:{post}`), so that however often a slot
 * or a mention is seen, it is run once. Its post and media are kept for the deliveries.
 */
export const agentRun = pgTable(
  'agent_run',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    kind: text('kind').$type<RunKind>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<RunStatus>().notNull().default('planned'),
    instruction: text('instruction').notNull(),
    /** The scheduled slot (schedule runs), and when it was due: the slot plus the agent's jitter. */
    slotAt: timestamp('slot_at', { withTimezone: true, precision: 3 }),
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }),
    /** The trigger request waiting for this run (manual runs). */
    triggerId: uuid('trigger_id'),
    replyTo: jsonb('reply_to').$type<ReplyTarget>(),
    postText: text('post_text'),
    /**
     * A platform's own text where a person customized it in the composer (`{ linkedin: '…' }`); every other platform
     * publishes `post_text`. Each delivery takes its platform's (publishing/delivery-posts.ts).
     */
    platformTexts: jsonb('platform_texts').$type<Record<string, string>>().notNull().default({}),
    media: jsonb('media').$type<RunMedia[]>().notNull().default([]),
    /** When the post is planned to go out: a scheduled run's slot, now for the rest (a draft keeps it while waiting). */
    publishAt: timestamp('publish_at', { withTimezone: true, precision: 3 }),
    /**
     * A person chose `publish_at` (the composer's time, a time set in Review, a reschedule): a draft not approved by
     * then expires (issue 36 §3). Otherwise a draft goes out when it is approved.
     */
    timeChosen: boolean('time_chosen').notNull().default(false),
    /**
     * The UTC day whose posts (or replies) this run holds in `daily_usage`: the day it goes out (a post written
     * for tomorrow holds tomorrow's), moved with it, given back to that day when it never goes out. Null: it holds
     * none (skipped), or it was planned before quotas followed the day a post goes out (its created_at day).
     */
    quotaDay: date('quota_day', { mode: 'string' }),
    /** A draft's other versions; `post_text` and `media` hold the chosen one. */
    versions: jsonb('versions').$type<DraftVersion[]>().notNull().default([]),
    /**
     * Where a person split the post into an X thread (offsets of the 2nd, 3rd, … parts in `post_text`); null: the
     * automatic split at sentence ends (contracts/x-thread.ts). Only a text longer than one X post is a thread.
     */
    threadBreaks: jsonb('thread_breaks').$type<number[]>(),
    /** Why a person rejected the draft, when they said. */
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, precision: 3 }),
    terminalMessageId: uuid('terminal_message_id'),
    /** While a worker generates the post; after it, another worker may take the run over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agent_run_idempotency_key_idx').on(table.idempotencyKey),
    index('agent_run_agent_created_idx').on(table.agentId, table.createdAt.desc()),
    index('agent_run_unfinished_idx')
      .on(table.status, table.leaseUntil)
      .where(sql`status IN ('planned', 'generating')`),
    // The Review tab and the 10-draft cap read an account's and an agent's waiting drafts.
    // The Inbox: an account's messages addressed to its agents (reply runs), newest first.
    index('agent_run_inbox_idx')
      .on(table.workspaceId, table.createdAt.desc(), table.id.desc())
      .where(sql`kind = 'reply'`),
    index('agent_run_drafts_idx')
      .on(table.workspaceId, table.agentId, table.publishAt)
      .where(sql`status IN ('planned', 'generating', 'awaiting_review')`),
    // The sweeper's drafts whose chosen time has come (expire-late-drafts.ts).
    index('agent_run_chosen_time_idx')
      .on(table.publishAt)
      .where(sql`status = 'awaiting_review' AND time_chosen`),
  ],
);

/**
 * Where one run's post goes on one platform (the terminal counts as one), under the unique key
 * `{run key}:{platform}`. The `posting` state is committed before the platform is called: a worker that dies
 * during the call leaves it, and whoever finds it after its lease reconciles it against the account's recent posts
 * instead of posting again blindly.
 */
export const delivery = pgTable(
  'delivery',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentRun.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').notNull(),
    workspaceId: text('workspace_id').notNull(),
    platform: text('platform').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('planned'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may start (after a transient error, with backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }),
    postingStartedAt: timestamp('posting_started_at', { withTimezone: true, precision: 3 }),
    /** The first post's id and link (a thread's, its first part's). */
    externalId: text('external_id'),
    url: text('url'),
    /**
     * A thread's parts already on the platform, in order: publishing resumes after the last one (each reply names
     * the part before it), so each part is posted once even when a worker dies between parts.
     */
    threadPosts: jsonb('thread_posts').$type<ThreadPost[]>().notNull().default([]),
    /** How many posts the delivery makes (1, or a thread's parts), known once it starts posting. */
    threadLength: integer('thread_length'),
    /** When a person took the published post back from the platform. */
    removedAt: timestamp('removed_at', { withTimezone: true, precision: 3 }),
    /** When the delivery became `posted` (a thread: its last part): the start of its metrics' schedule. */
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    /**
     * The post's latest metrics (a thread's: its first post's), with the engagement and exposure they make (contracts
     * engagementOf, exposureOf), kept here so the terminal, the calendar and the Analytics tab read one row; every
     * reading is kept in post_metric_reading.
     */
    metrics: jsonb('metrics').$type<PostMetrics>(),
    metricsEngagement: integer('metrics_engagement'),
    metricsExposure: integer('metrics_exposure'),
    metricsReadAt: timestamp('metrics_read_at', { withTimezone: true, precision: 3 }),
    /** When the metrics are read next; null once the METRICS_WINDOW_DAYS are over, or reading them stopped. */
    metricsNextAt: timestamp('metrics_next_at', { withTimezone: true, precision: 3 }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('delivery_idempotency_key_idx').on(table.idempotencyKey),
    index('delivery_run_idx').on(table.runId),
    index('delivery_unfinished_idx')
      .on(table.status, table.nextAttemptAt)
      .where(sql`status IN ('ready', 'posting', 'unknown')`),
    // The metrics collector's claim: published posts whose metrics are due, soonest first.
    index('delivery_metrics_due_idx')
      .on(table.metricsNextAt)
      .where(sql`metrics_next_at IS NOT NULL`),
    // The Analytics tab: an account's (or agent's) published posts of a period.
    index('delivery_published_idx')
      .on(table.workspaceId, table.publishedAt)
      .where(sql`published_at IS NOT NULL AND platform <> 'terminal'`),
  ],
);

export type AgentRunRow = typeof agentRun.$inferSelect;
export type DeliveryRow = typeof delivery.$inferSelect;
