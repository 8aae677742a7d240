import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ConnectablePlatform } from '@agentcast/contracts/connections';
import { agent } from '@agentcast/db/schema/agents';
import { platformConnection, type PlatformConnectionRow } from '@agentcast/db/schema/connections';
import { OAuthProviderError, type StoredTokens } from '../../integrations/oauth/oauth-provider.ts';
import type { ConnectionServices } from './connection-services.ts';
import { markReconnectNeeded } from './mark-reconnect-needed.ts';
import { PlatformAccessError } from './platform-access-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';

/** Renew this long before the expiry, so a token handed out still works for the call it is for. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export type PlatformAccess = {
  accessToken: string;
  /** LinkedIn `urn:li:person:{sub}` (the author of a post), the X user id, … */
  accountId: string;
  handle: string | null;
  /** The account's own server (a Bluesky PDS); null: the platform's one API. */
  serviceUrl: string | null;
  connectionId: string;
  /** Whose connection it is: the agent's own, or the user's agent-builder one. */
  source: 'agent' | 'user';
  expiresAt: Date | null;
};

export type AccessServices = Pick<
  ConnectionServices,
  'db' | 'secretBox' | 'oauthProviders' | 'credentialSignIns' | 'logger'
>;
type Services = AccessServices;

/**
 * A sealed token of the connection, opened; a token this server's key cannot open (ENCRYPTION_KEY changed) is a
 * connection to make again, not an error to retry forever.
 */
const openSealed = ({ secretBox }: Pick<Services, 'secretBox'>, row: PlatformConnectionRow, sealed: string) => {
  try {
    return secretBox.open(sealed);
  } catch {
    throw new PlatformAccessError(row.platform as ConnectablePlatform, 'unreadable', row.id);
  }
};

/** A connection's tokens, opened (for a refresh or a revocation). */
export const openTokens = (services: Pick<Services, 'secretBox'>, row: PlatformConnectionRow): StoredTokens => ({
  accessToken: openSealed(services, row, row.accessTokenSealed),
  refreshToken: row.refreshTokenSealed && openSealed(services, row, row.refreshTokenSealed),
  expiresAt: row.expiresAt,
});

/** Marks the connection to be made again when its access cannot be read, and passes the error on. */
export const markUnreadable = async (services: Pick<Services, 'db'>, error: unknown) => {
  if (error instanceof PlatformAccessError && error.reason === 'unreadable')
    await markReconnectNeeded(services.db, error.connectionId, error.message);
  return error;
};

export const toAccess = (services: Services, row: PlatformConnectionRow): PlatformAccess => ({
  accessToken: openSealed(services, row, row.accessTokenSealed),
  accountId: row.accountId,
  handle: row.handle,
  serviceUrl: row.serviceUrl,
  connectionId: row.id,
  source: row.agentId ? 'agent' : 'user',
  expiresAt: row.expiresAt,
});

/** Whether the access should be renewed before it is used: within its provider's margin of its expiry. */
export const isDue = (services: Pick<Services, 'oauthProviders'>, row: PlatformConnectionRow, now: number) =>
  row.expiresAt !== null &&
  row.expiresAt.getTime() - now <= (services.oauthProviders.get(row.platform)?.renewWithinMs ?? REFRESH_MARGIN_MS);
/** Whether the access expires too soon to go on with it when a renewal fails. */
const isNearlyExpired = (row: PlatformConnectionRow, now: number) =>
  row.expiresAt !== null && row.expiresAt.getTime() - now <= REFRESH_MARGIN_MS;
const isExpired = (row: PlatformConnectionRow, now: number) => row.expiresAt !== null && row.expiresAt.getTime() <= now;

/**
 * Renews the access under a row lock: refresh tokens are single use at X, so two workers must not spend the same
 * one. Whoever waited on the lock finds the row already renewed and uses that. (On PGlite, whose one connection
 * serialises every query, the lock is held for the length of the provider call, at most its timeout.)
 */
const renewInLock = (services: Services, row: PlatformConnectionRow) =>
  services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(platformConnection).where(eq(platformConnection.id, row.id)).for('update');
    if (!current) return null;
    const now = Date.now();
    if (!isDue(services, current, now)) return current;
    // An OAuth grant's provider, or the renewal of a session opened with the account's own credentials (Bluesky).
    const provider =
      services.oauthProviders.get(current.platform) ?? services.credentialSignIns.renewerOf(current.platform);
    const tokens = openTokens(services, current);
    if (!provider || !provider.canRefresh(tokens)) {
      if (isExpired(current, now)) throw new PlatformAccessError(current.platform, 'expired', current.id);
      return current;
    }
    try {
      const renewed = await provider.refresh(tokens, { serviceUrl: current.serviceUrl });
      const [updated] = await tx
        .update(platformConnection)
        .set({
          accessTokenSealed: services.secretBox.seal(renewed.accessToken),
          refreshTokenSealed: renewed.refreshToken && services.secretBox.seal(renewed.refreshToken),
          expiresAt: renewed.expiresAt,
          scopes: renewed.scopes.length > 0 ? renewed.scopes : current.scopes,
          reconnectReason: null,
          updatedAt: new Date(),
        })
        .where(eq(platformConnection.id, current.id))
        .returning();
      services.logger.info({ platform: current.platform, connectionId: current.id }, 'Platform access renewed');
      return updated ?? null;
    } catch (error) {
      if (!(error instanceof OAuthProviderError)) throw error;
      services.logger.warn(
        { platform: current.platform, connectionId: current.id, reason: error.message },
        'Renewing platform access failed',
      );
      // Renewed early (a week ahead), a refusal is not yet the end: the access still works until its own calls fail.
      if (error.kind === 'rejected' && !isNearlyExpired(current, now)) return current;
      if (error.kind === 'rejected') throw new PlatformAccessError(current.platform, 'revoked', current.id);
      // The provider is down: the current token still serves if it has not expired yet.
      if (!isExpired(current, now)) return current;
      throw new PlatformAccessError(current.platform, 'unavailable', current.id, error.message);
    }
  });

/** renewInLock; an access the person must reconnect is marked so on the connection (after the lock's rollback). */
export const renew = async (services: Services, row: PlatformConnectionRow) => {
  try {
    return await renewInLock(services, row);
  } catch (error) {
    if (error instanceof PlatformAccessError && error.reason !== 'unavailable')
      await markReconnectNeeded(services.db, row.id, error.message);
    throw error;
  }
};

/**
 * The access token and account to act on `platform` for this user's agent: the agent's own connection first,
 * else the user's agent-builder one; renewed first when it expires within 5 minutes and the provider allows.
 * Null when neither exists (or the agent is not this user's). Throws PlatformAccessError when the access was
 * revoked or has expired for good ("Reconnect X: the access was revoked"), or cannot be renewed just now.
 */
export const getPlatformAccess = async (
  services: Services,
  { workspaceId, agentId, platform }: { workspaceId: string; agentId: string; platform: ConnectablePlatform },
): Promise<PlatformAccess | null> => {
  if (!isUuid(agentId)) return null;
  const [row] = await services.db
    .select({ connection: platformConnection })
    .from(platformConnection)
    .innerJoin(agent, and(eq(agent.id, agentId), eq(agent.workspaceId, workspaceId)))
    .where(
      and(
        eq(platformConnection.workspaceId, workspaceId),
        eq(platformConnection.platform, platform),
        isNull(platformConnection.pendingUntil),
        or(eq(platformConnection.agentId, agentId), isNull(platformConnection.agentId)),
      ),
    )
    // The agent's own connection before the user's.
    .orderBy(asc(sql`${platformConnection.agentId} IS NULL`))
    .limit(1);
  if (!row) return null;
  try {
    const connection = isDue(services, row.connection, Date.now())
      ? await renew(services, row.connection)
      : row.connection;
    return connection ? toAccess(services, connection) : null;
  } catch (error) {
    throw await markUnreadable(services, error);
  }
};
