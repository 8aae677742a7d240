import { sql } from 'drizzle-orm';
import type { ConnectablePlatform } from '@agentcast/contracts/connections';
import type { Database } from '@agentcast/db/client';
import { platformConnection, type OAuthFlowTarget, type PlatformConnectionRow } from '@agentcast/db/schema/connections';
import type { ProviderAccount, TokenSet } from '../../integrations/oauth/oauth-provider.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import { platformName } from '@agentcast/contracts/publishing-constants';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';

/** How long a connection made in the Create Agent form waits for its agent to be created. */
export const PENDING_CONNECTION_LIFETIME_MS = 24 * 60 * 60 * 1000;

type SaveConnectionInput = {
  workspaceId: string;
  /** Who connects it, for the audit log. */
  actor: AuditActor;
  agentId: string | null;
  target: OAuthFlowTarget;
  platform: ConnectablePlatform;
  tokens: TokenSet;
  account: ProviderAccount;
  /** The account's own server (a Bluesky PDS), for platforms that have many. */
  serviceUrl?: string | null;
};

const TARGET_DETAILS: Record<OAuthFlowTarget, string> = {
  user: 'For the workspace’s agents',
  agent: 'For one agent',
  new_agent: 'For an agent being created',
};

/** An account as the audit log names it: "Bluesky @ann.bsky.social". */
export const accountLabel = (platform: string, account: { handle?: string | null; displayName?: string | null }) =>
  `${platformName(platform)} ${account.handle ? `@${account.handle.replace(/^@/, '')}` : (account.displayName ?? '')}`.trim();

/**
 * Stores a connection, tokens sealed, and its line in the audit log with it. The user's own and an agent's replace the one they had for that platform
 * (a reconnect, possibly to another account); a Create Agent one is added, pending, until the agent claims it.
 */
export const saveConnection = async (
  db: Database,
  secretBox: SecretBox,
  input: SaveConnectionInput,
): Promise<PlatformConnectionRow> => {
  const { workspaceId, actor, agentId, target, platform, tokens, account, serviceUrl = null } = input;
  const now = new Date();
  const values = {
    accessTokenSealed: secretBox.seal(tokens.accessToken),
    refreshTokenSealed: tokens.refreshToken && secretBox.seal(tokens.refreshToken),
    expiresAt: tokens.expiresAt,
    accountId: account.accountId,
    displayName: account.displayName,
    handle: account.handle,
    serviceUrl,
    reconnectReason: null,
    scopes: tokens.scopes,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const insert = tx.insert(platformConnection).values({
      workspaceId,
      agentId: target === 'agent' ? agentId : null,
      platform,
      ...values,
      pendingUntil: target === 'new_agent' ? new Date(now.getTime() + PENDING_CONNECTION_LIFETIME_MS) : null,
    });
    const conflict =
      target === 'agent'
        ? insert.onConflictDoUpdate({
            target: [platformConnection.agentId, platformConnection.platform],
            targetWhere: sql`${platformConnection.agentId} IS NOT NULL`,
            set: values,
          })
        : target === 'user'
          ? insert.onConflictDoUpdate({
              target: [platformConnection.workspaceId, platformConnection.platform],
              targetWhere: sql`${platformConnection.agentId} IS NULL AND ${platformConnection.pendingUntil} IS NULL`,
              set: values,
            })
          : insert;
    const [row] = await conflict.returning();
    if (!row) throw new Error('saving the connection returned no row');
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'connection.connected',
      subject: { id: row.id, name: accountLabel(platform, account) },
      detail: TARGET_DETAILS[target],
    });
    return row;
  });
};
