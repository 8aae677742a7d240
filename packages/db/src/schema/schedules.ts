import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ScheduleSpread } from '@agentcast/contracts/posting-day';
import { agent } from './agents.ts';

/**
 * When an agent acts next on its own: `post` every post interval, `chat` (checking mentions to reply to) every
 * chat interval. Kept in step with the agent by its create, update and delete; workers claim due rows with
 * SKIP LOCKED, so each slot is planned by exactly one of them (decision 013).
 */
export const agentSchedule = pgTable(
  'agent_schedule',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['post', 'chat'] }).notNull(),
    workspaceId: text('workspace_id').notNull(),
    intervalMs: integer('interval_ms').notNull(),
    /** This agent's fixed offset into each interval, so that agents with the same interval do not all act at once. */
    jitterMs: integer('jitter_ms').notNull(),
    /**
     * The posting day this agent's slots follow instead of its interval, when the interval would make more posts
     * a day than the plan leaves it (respread-account-schedules.ts): its slots' times of day, in seconds after
     * midnight in the account's time zone. Null: every `interval_ms`.
     */
    spread: jsonb('spread').$type<ScheduleSpread>(),
    /** The next slot: the instant the agent is due (slot time plus jitter). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true, precision: 3 }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ columns: [table.agentId, table.kind] }),
    index('agent_schedule_due_idx').on(table.nextRunAt),
    // The dashboard reads one user's schedules.
    index('agent_schedule_workspace_idx').on(table.workspaceId),
  ],
);

export type AgentScheduleRow = typeof agentSchedule.$inferSelect;

/** A planned post a person chose to skip (the Calendar): when its slot comes, the agent lets it pass. */
export const scheduleSkip = pgTable(
  'schedule_skip',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    slotAt: timestamp('slot_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.slotAt] })],
);

/**
 * Where an agent's look for conversations got to, per platform and source (`x:mentions:{account id}`, `bluesky:mentions:{did}`, or
 * `x:user:{username}` for an account in reply_to_usernames): the newest post or notification seen, so each poll asks
 * only for newer ones.
 */
export const conversationCursor = pgTable(
  'conversation_cursor',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    sinceId: text('since_id'),
    /** The platform's id of the followed account (looked up once). */
    platformUserId: text('platform_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.source] })],
);
