import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';

/**
 * The distinct social accounts a workspace's plan counts (spec §9, "Pro: 5 accounts"): the same account connected
 * to several agents is one. Connections waiting for their agent (made in the Create Agent form) count until they
 * expire: creating the agent claims them without another check.
 */
export const connectedAccounts = (db: Database, workspaceId: string, now = new Date()) =>
  db
    .selectDistinct({ platform: platformConnection.platform, accountId: platformConnection.accountId })
    .from(platformConnection)
    .where(
      and(
        eq(platformConnection.workspaceId, workspaceId),
        or(isNull(platformConnection.pendingUntil), gt(platformConnection.pendingUntil, now)),
      ),
    );
