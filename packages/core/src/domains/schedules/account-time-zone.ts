import { eq } from 'drizzle-orm';
import { isTimeZone } from '@agentcast/contracts/posting-day';
import type { Database } from '@agentcast/db/client';
import { accountSetting } from '@agentcast/db/schema/account-settings';

/** The zone an account's spread slots follow: the one its browser sent, UTC until then. */
export const accountTimeZone = async (db: Database, userId: string) => {
  const [row] = await db
    .select({ zone: accountSetting.timeZone })
    .from(accountSetting)
    .where(eq(accountSetting.userId, userId));
  return row?.zone && isTimeZone(row.zone) ? row.zone : 'UTC';
};
