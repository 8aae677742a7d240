import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per sign-in, sign-up, password reset or verification resend request, and per request to a page opened by
 * a link's token, read back to throttle by account and by client IP.
 * Kept in the database, not in memory, so every server process sees the same counts.
 */
export const authAttempt = pgTable(
  'auth_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `link_page`: a request to a page opened by a link's token alone (a client's approval, an invitation). */
    kind: text('kind', {
      enum: ['sign_in', 'sign_up', 'password_reset', 'verification_resend', 'link_page'],
    }).notNull(),
    /** Lower-cased e-mail the attempt named; never the password. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_attempt_email_idx').on(table.kind, table.email, table.createdAt),
    index('auth_attempt_ip_idx').on(table.kind, table.ip, table.createdAt),
  ],
);
