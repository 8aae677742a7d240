import { and, asc, eq } from 'drizzle-orm';
import { isTimeZone } from '@agentcast/contracts/posting-day';
import type { Database } from '@agentcast/db/client';
import { accountSetting } from '@agentcast/db/schema/account-settings';
import { workspaceMember } from '@agentcast/db/schema/workspaces';

/**
 * The zone a workspace's spread slots and posting day follow: the one its first owner's browser sent, UTC until
 * then.
 */
export const accountTimeZone = async (db: Database, workspaceId: string) => {
  const [row] = await db
    .select({ zone: accountSetting.timeZone })
    .from(workspaceMember)
    .innerJoin(accountSetting, eq(accountSetting.userId, workspaceMember.userId))
    .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.role, 'owner')))
    .orderBy(asc(workspaceMember.createdAt))
    .limit(1);
  return row?.zone && isTimeZone(row.zone) ? row.zone : 'UTC';
};
