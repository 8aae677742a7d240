import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** What a person chose in their account settings; an account without a row has every default. */
export const accountSetting = pgTable('account_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** An e-mail when drafts have waited an hour (at most one an hour). */
  notifyDraftsWaiting: boolean('notify_drafts_waiting').notNull().default(true),
  /** An e-mail when a post fails to publish. */
  notifyPublishFailed: boolean('notify_publish_failed').notNull().default(true),
  /**
   * The person's IANA time zone (sent by their browser): agents whose slots are spread over the day post within
   * its posting hours (contracts/posting-day.ts). Null: UTC.
   */
  timeZone: text('time_zone'),
  /** The last drafts e-mail, so that there is at most one an hour. */
  draftsNotifiedAt: timestamp('drafts_notified_at', { withTimezone: true, precision: 3 }),
});
