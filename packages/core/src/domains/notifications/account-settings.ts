import { eq } from 'drizzle-orm';
import type { AccountSettings } from '@agentcast/contracts/account-settings';
import type { Database } from '@agentcast/db/client';
import { accountSetting } from '@agentcast/db/schema/account-settings';

const DEFAULTS: AccountSettings = { notify_drafts_waiting: true, notify_publish_failed: true, time_zone: null };

/** The account's settings; an account that never changed them has every default (both e-mails on). */
export const getAccountSettings = async (db: Database, userId: string): Promise<AccountSettings> => {
  const [row] = await db.select().from(accountSetting).where(eq(accountSetting.userId, userId));
  return row
    ? {
        notify_drafts_waiting: row.notifyDraftsWaiting,
        notify_publish_failed: row.notifyPublishFailed,
        time_zone: row.timeZone,
      }
    : DEFAULTS;
};

/** Saves the settings given, keeping the others (a new time zone moves spread schedules: respreadAccountSchedules). */
export const updateAccountSettings = async (
  db: Database,
  userId: string,
  changes: Partial<AccountSettings>,
): Promise<AccountSettings> => {
  const values = {
    ...(changes.notify_drafts_waiting !== undefined && { notifyDraftsWaiting: changes.notify_drafts_waiting }),
    ...(changes.notify_publish_failed !== undefined && { notifyPublishFailed: changes.notify_publish_failed }),
    ...(changes.time_zone !== undefined && { timeZone: changes.time_zone }),
  };
  await db
    .insert(accountSetting)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: accountSetting.userId, set: values });
  return getAccountSettings(db, userId);
};
