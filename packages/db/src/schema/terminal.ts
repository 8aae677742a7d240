import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Delivery, ReplyTarget } from '@agentcast/contracts/terminal';
import { agent } from './agents.ts';

/**
 * What an agent produced (spec §3, "terminal2"): the post, with the public URLs of its media embedded in
 * tweet_content as the spec describes, plus what the terminal shows about how it was made and where it went.
 */
export const terminalMessage = pgTable(
  'terminal_message',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    /** The agent's owner, kept here so every read is scoped by user without a join. */
    workspaceId: text('workspace_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tweetContent: text('tweet_content').notNull(),
    /** The instruction of the run ("Write a tweet about AI", or the scheduled one). */
    instruction: text('instruction').notNull(),
    trigger: text('trigger', { enum: ['manual', 'schedule', 'reply', 'composed'] }).notNull(),
    /** The run that made it (none for entries older than runs). */
    runId: uuid('run_id'),
    /** For a reply: the post it answers. */
    replyTo: jsonb('reply_to').$type<ReplyTarget>(),
    /** The model that wrote it, or "offline-writer". */
    model: text('model').notNull(),
    isOffline: boolean('is_offline').notNull(),
    /** Where the post went: a copy of its delivery records, kept current as they change (one read per page). */
    deliveries: jsonb('deliveries').$type<Delivery[]>().notNull().default([]),
    /** Things worth telling about the run that are not the post: a media step that failed. */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    /** The knowledge passages the post was written with: which file, which page. */
    sources: jsonb('sources').$type<{ name: string; page: number | null }[]>().notNull().default([]),
  },
  (table) => [
    index('terminal_message_agent_created_idx').on(table.agentId, table.createdAt.desc(), table.messageId.desc()),
    index('terminal_message_workspace_created_idx').on(table.workspaceId, table.createdAt.desc()),
    // Deliveries update their run's entry as they move on.
    index('terminal_message_run_idx').on(table.runId),
  ],
);

export type TerminalMessageRow = typeof terminalMessage.$inferSelect;
