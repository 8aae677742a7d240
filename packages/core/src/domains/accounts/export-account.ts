import { eq } from 'drizzle-orm';
import type { AccountExport } from '@agentcast/contracts/account-settings';
import type { Database } from '@agentcast/db/client';
import { accountSetting } from '@agentcast/db/schema/account-settings';
import { apiKey } from '@agentcast/db/schema/api-keys';
import { agent } from '@agentcast/db/schema/agents';
import { user } from '@agentcast/db/schema/auth';
import { platformConnection } from '@agentcast/db/schema/connections';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import { agentRun } from '@agentcast/db/schema/runs';
import { agentSchedule } from '@agentcast/db/schema/schedules';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { walletLink } from '@agentcast/db/schema/wallet';
import { webhookEndpoint } from '@agentcast/db/schema/webhooks';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { AppError } from '../../kernel/app-error.ts';
import { findAccountFiles } from './account-files.ts';

/**
 * Everything of the account and its own workspace as one JSON document (issue 16 §7): its rows as stored, less what is secret or
 * internal (sealed tokens and X credentials, leases), and every file its rows point to, base64-encoded. A file the
 * storage no longer has is listed under missingFiles rather than failing the export.
 */
export const exportAccount = async (
  { db, storage }: { db: Database; storage: StorageDriver },
  userId: string,
  now = new Date(),
): Promise<AccountExport> => {
  const [person] = await db
    .select({ id: user.id, email: user.email, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) throw new AppError('NOT_FOUND', 'Account not found');
  // The person's own workspace has their id (decision 028): its agents, runs and keys are the account's.
  const workspaceId = userId;

  const [settingsRow, walletRow, agents, messages, connections, runs, schedules, sources, apiKeys, endpoints] =
    await Promise.all([
      db.select().from(accountSetting).where(eq(accountSetting.userId, userId)),
      db.select().from(walletLink).where(eq(walletLink.userId, userId)),
      db.select().from(agent).where(eq(agent.workspaceId, workspaceId)),
      db.select().from(terminalMessage).where(eq(terminalMessage.workspaceId, workspaceId)),
      db.select().from(platformConnection).where(eq(platformConnection.workspaceId, workspaceId)),
      db.select().from(agentRun).where(eq(agentRun.workspaceId, workspaceId)),
      db.select().from(agentSchedule).where(eq(agentSchedule.workspaceId, workspaceId)),
      db.select().from(knowledgeSource).where(eq(knowledgeSource.workspaceId, workspaceId)),
      db.select().from(apiKey).where(eq(apiKey.workspaceId, workspaceId)),
      db.select().from(webhookEndpoint).where(eq(webhookEndpoint.workspaceId, workspaceId)),
    ]);

  const files: AccountExport['files'] = [];
  const missingFiles: AccountExport['missingFiles'] = [];
  for (const file of await findAccountFiles(db, workspaceId)) {
    const { derived, ...where } = file;
    const stored = await storage.get(file.bucket, file.path);
    // A derived file that was never needed was never made: nothing is missing.
    if (!stored) {
      if (!derived) missingFiles.push(where);
    } else
      files.push({
        ...where,
        contentType: stored.contentType,
        size: stored.body.length,
        base64: stored.body.toString('base64'),
      });
  }

  const settings = settingsRow[0];
  const wallet = walletRow[0];
  return {
    format: 'agentcast-export/1',
    exportedAt: now.toISOString(),
    account: { id: person.id, email: person.email, createdAt: person.createdAt.toISOString() },
    settings: {
      notify_drafts_waiting: settings?.notifyDraftsWaiting ?? true,
      notify_publish_failed: settings?.notifyPublishFailed ?? true,
      time_zone: settings?.timeZone ?? null,
    },
    wallet: wallet
      ? { address: wallet.address, chainId: wallet.chainId, verifiedAt: wallet.verifiedAt.toISOString() }
      : null,
    // The X credentials stay sealed on the server: the export says which fields are set, not their values.
    agents: agents.map(({ twitterCredentialsSealed: _sealed, ...row }) => row),
    terminalMessages: messages,
    // Never the tokens: who the connection is, and when.
    connections: connections.map(({ accessTokenSealed: _access, refreshTokenSealed: _refresh, ...row }) => row),
    runs: runs.map(({ leaseUntil: _lease, ...row }) => row),
    schedules,
    knowledgeSources: sources,
    // Which keys exist and when they were used; a key's fingerprint is of no use to its owner.
    apiKeys: apiKeys.map(({ keyHash: _hash, windowStart: _start, windowRequests: _requests, ...row }) => row),
    // Where events go and which; never the signing secrets. The delivery log is operational and not exported.
    webhookEndpoints: endpoints.map(({ secretSealed: _secret, previousSecretSealed: _previous, ...row }) => row),
    files,
    missingFiles,
  };
};
