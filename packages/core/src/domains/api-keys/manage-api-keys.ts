import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  MAX_ACTIVE_API_KEYS,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@agentcast/contracts/api-keys';
import type { Database } from '@agentcast/db/client';
import { apiKey } from '@agentcast/db/schema/api-keys';
import { AppError } from '../../kernel/app-error.ts';
import { apiKeyHint, hashApiKey, newApiKeySecret } from './api-key-secret.ts';
import { apiKeyJson } from './api-key-json.ts';
import { personActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Who makes a key, and the workspace it will act in (with its maker's role there). */
export type KeyMaker = { workspaceId: string; userId: string };

/** Keys are each member's own in each workspace: a member sees and revokes theirs, which act with their role. */
const ofMaker = ({ workspaceId, userId }: KeyMaker) =>
  and(eq(apiKey.workspaceId, workspaceId), eq(apiKey.userId, userId));

/**
 * Makes a key for a member of a workspace; the answer holds the key itself, which is never readable again. A member
 * holds at most MAX_ACTIVE_API_KEYS keys in a workspace that have not expired (revoked keys are deleted; expired
 * ones are listed until revoked, and refused, so they take no place).
 */
export const createApiKey = async (
  db: Database,
  { workspaceId, userId }: KeyMaker,
  input: CreateApiKeyInput,
  now = new Date(),
): Promise<CreatedApiKey> => {
  const key = newApiKeySecret();
  const row = await db.transaction(async (tx) => {
    // Counting and inserting under one lock per member: requests made at once cannot all pass the cap.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api-keys:${workspaceId}:${userId}`}, 0))`);
    const [active] = await tx
      .select({ total: count() })
      .from(apiKey)
      .where(and(ofMaker({ workspaceId, userId }), or(isNull(apiKey.expiresAt), gt(apiKey.expiresAt, now))));
    if ((active?.total ?? 0) >= MAX_ACTIVE_API_KEYS) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooManyKeys);
    const [inserted] = await tx
      .insert(apiKey)
      .values({
        workspaceId,
        userId,
        name: input.name,
        scope: input.scope,
        keyHash: hashApiKey(key),
        hint: apiKeyHint(key),
        createdAt: now,
        expiresAt: input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null,
      })
      .returning();
    await recordAuditEvent(tx, {
      workspaceId,
      actor: personActor({ userId }),
      action: 'api_key.created',
      subject: { id: inserted!.id, name: input.name },
      detail: `${input.scope === 'read' ? 'Read only' : 'Read and write'}, ${
        input.expires_in_days ? `expires in ${input.expires_in_days} days` : 'never expires'
      }`,
    });
    return inserted!;
  });
  return { api_key: apiKeyJson(row, now), key };
};

/** The member's keys in the workspace, newest first, expired ones too (the list says so; they can be revoked). */
export const listApiKeys = async (db: Database, maker: KeyMaker, now = new Date()) => {
  const rows = await db.select().from(apiKey).where(ofMaker(maker)).orderBy(desc(apiKey.createdAt));
  return rows.map((row) => apiKeyJson(row, now));
};

/**
 * Deletes the key: the next request that carries it is refused. Another member's or workspace's key is a 404 like a
 * missing one.
 */
export const revokeApiKey = async (db: Database, maker: KeyMaker, id: string) =>
  db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(apiKey)
      .where(and(eq(apiKey.id, id), ofMaker(maker)))
      .returning({ id: apiKey.id, name: apiKey.name });
    if (!deleted) throw new AppError('NOT_FOUND', 'No such API key.');
    await recordAuditEvent(tx, {
      workspaceId: maker.workspaceId,
      actor: personActor({ userId: maker.userId }),
      action: 'api_key.revoked',
      subject: deleted,
    });
  });
