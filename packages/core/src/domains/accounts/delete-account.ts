import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import { metricsReadWindow } from '@agentcast/db/schema/analytics';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import { user, verification } from '@agentcast/db/schema/auth';
import { platformConnection } from '@agentcast/db/schema/connections';
import { workspace } from '@agentcast/db/schema/workspaces';
import { queryRows } from '@agentcast/db/query-rows';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { findAccountFiles } from './account-files.ts';

export type DeleteAccountServices = { db: Database; storage: StorageDriver; logger: Logger };

/**
 * Deletes the account and everything of it (issue 16 §7). In this order:
 * 1. `disconnectPlatforms`: every platform connection is disconnected the way the Disconnect button does it
 *    (domains/connections), which revokes the grant at the provider; it is passed in because connections sit above
 *    accounts in the layers.
 * 2. In one transaction: the person's own workspace, whose foreign keys cascade to everything in it (plan and usage,
 *    agents → schedules, runs → deliveries, knowledge, terminal messages, connections, keys, webhooks), and the user
 *    row, whose foreign keys cascade to the rest (sessions, credentials, settings, wallet link and nonces, OAuth
 *    flows, memberships); the sign-in attempts under their e-mail; pending verification links; and
 *    queued jobs that name the account (a scheduled run, a file clean-up), which would otherwise keep its ids.
 * 3. The stored files the rows pointed to, after the commit (a failed transaction must not leave rows without
 *    their files). A file that cannot be deleted is logged with its path, for the operator.
 * The password was confirmed before this is called.
 */
export const deleteAccount = async (
  { db, storage, logger }: DeleteAccountServices,
  {
    userId,
    email,
    disconnectPlatforms,
  }: { userId: string; email: string; disconnectPlatforms: () => Promise<{ revoked: number; total: number }> },
) => {
  // The person's own workspace has their id (decision 028), and goes with them.
  const workspaceId = userId;
  // Read before the connections go: the metrics read counters are kept per platform account, not per person.
  const accounts = await db
    .select({ platform: platformConnection.platform, accountId: platformConnection.accountId })
    .from(platformConnection)
    .where(eq(platformConnection.workspaceId, workspaceId));
  const platforms = await disconnectPlatforms();
  const files = await findAccountFiles(db, workspaceId);
  const mentionsUser = `%${userId}%`;

  await db.transaction(async (tx) => {
    await tx.delete(workspace).where(eq(workspace.id, workspaceId));
    await tx.delete(user).where(eq(user.id, userId));
    await tx.delete(authAttempt).where(eq(authAttempt.email, email.toLowerCase()));
    for (const { platform, accountId } of accounts) {
      await tx
        .delete(metricsReadWindow)
        .where(and(eq(metricsReadWindow.platform, platform), eq(metricsReadWindow.accountKey, accountId)));
    }
    await tx
      .delete(verification)
      .where(
        or(
          like(verification.identifier, mentionsUser),
          like(verification.value, mentionsUser),
          eq(verification.identifier, email),
        ),
      );
    const [queue] = await queryRows<{ exists: boolean }>(
      tx,
      sql`select to_regclass('pgboss.job') is not null as exists`,
    );
    // Webhook deliveries' jobs name the account as their group (the worker's fair share per account).
    if (queue?.exists)
      await tx.execute(sql`delete from pgboss.job where data::text like ${mentionsUser} or group_id = ${workspaceId}`);
  });

  const undeleted: string[] = [];
  for (const file of files) {
    try {
      await storage.delete(file.bucket, file.path);
    } catch (error) {
      undeleted.push(`${file.bucket}/${file.path}`);
      logger.error({ err: error, bucket: file.bucket, path: file.path }, 'Deleting a deleted account’s file failed');
    }
  }
  logger.info(
    { userId, files: files.length, undeletedFiles: undeleted.length, platforms },
    'Account deleted with everything of it',
  );
  return { files: files.length, undeletedFiles: undeleted, platforms };
};
