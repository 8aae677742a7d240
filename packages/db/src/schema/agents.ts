import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  Activity,
  Approval,
  ChatConfiguration,
  DataSource,
  PostConfiguration,
  VideoPrivacy,
} from '@agentcast/contracts/agents';
import { REPLY_GUARD_DEFAULTS, type ReplyGuards } from '@agentcast/contracts/reply-guards-constants';
import { workspace } from './workspaces.ts';

/** A stored training file: where it is, and the name the person gave it (for display only, never a path). */
export type StoredTrainingFile = { path: string; name: string; size: number };

/**
 * An agent (spec §3, "agents2"). Column names follow the spec's field names. Files are kept as storage paths and
 * turned into URLs when read, so a change of storage driver or public URL does not break old rows. Secrets are
 * stored only encrypted (see core/secrets/secret-box.ts). Connected platform accounts (the spec's linkedin_token and
 * linkedin_urn) live in platform_connection.
 */
export const agent = pgTable(
  'agent',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    prompt: text('prompt').notNull(),
    imagePath: text('image_path'),
    samplePosts: jsonb('sample_posts').$type<string[]>().notNull().default([]),
    sampleQuestions: jsonb('sample_questions').$type<{ question: string; answer: string }[]>().notNull().default([]),
    dataSources: jsonb('data_sources').$type<DataSource[]>().notNull().default([]),
    activities: jsonb('activities').$type<Activity[]>().notNull().default([]),
    postConfiguration: jsonb('post_configuration').$type<PostConfiguration>().notNull(),
    chatConfiguration: jsonb('chat_configuration').$type<ChatConfiguration>().notNull(),
    /** What keeps its answers from running away: caps, bot-loop detection, lists, quiet hours (issue 34 §4). */
    replyGuards: jsonb('reply_guards').$type<ReplyGuards>().notNull().default(REPLY_GUARD_DEFAULTS),
    /** AES-256-GCM sealed JSON of the four X credential fields; null when none are set. */
    twitterCredentialsSealed: text('twitter_credentials_sealed'),
    /** Which of those fields are set (not secret): lets reads say so without opening the seal. */
    twitterCredentialsSet: text('twitter_credentials_set')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Spec §3: an empty list; nothing writes it. */
    cookies: jsonb('cookies').$type<never[]>().notNull().default([]),
    model: text('model').notNull().default('gpt-4o'),
    customContext: text('custom_context').notNull().default(''),
    /** The custom context as saved to the trainingfiles bucket ({userid}_{timestamp}_context.txt). */
    customContextPath: text('custom_context_path'),
    trainingFiles: jsonb('trainingfiles').$type<StoredTrainingFile[]>(),
    meme: boolean('meme').notNull().default(false),
    graphic: boolean('graphic').notNull().default(false),
    video: boolean('video').notNull().default(false),
    /**
     * Who approves its posts and replies before they go out (issue 36 §3): `none` (it posts on its own), `one` (an
     * Owner, Admin or Reviewer of the workspace), `team_then_client` (the team, then the client by link). Until then
     * each waits as a draft. Was `review_before_posting` (true is `one`), migration 0036.
     */
    approval: text('approval').$type<Approval>().notNull().default('none'),
    /** The most its billable platform calls may cost in a UTC calendar month (issue 17 §7); null: no limit. */
    monthlyBudgetUsd: doublePrecision('monthly_budget_usd'),
    /** A post longer than one X post goes to X as a numbered thread (issue 17 §4); off: posts are made to fit. */
    xThreads: boolean('x_threads').notNull().default(false),
    /** Who may watch the videos it uploads to YouTube; private until the person chooses otherwise. */
    videoPrivacy: text('video_privacy').$type<VideoPrivacy>().notNull().default('private'),
    /** The Farcaster channel its casts go into (`ai`); '' for the account's own feed. */
    farcasterChannel: text('farcaster_channel').notNull().default(''),
    /** Acts on its own neither by schedule nor by answering mentions until resumed; triggers are refused. */
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_workspace_created_idx').on(table.workspaceId, table.createdAt.desc())],
);

export type AgentRow = typeof agent.$inferSelect;
