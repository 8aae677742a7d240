import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { platformConnection } from '@agentcast/db/schema/connections';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { createCredentialSignIns } from '../../integrations/platforms/credential-sign-ins.ts';
import { createOAuthProviders } from '../../integrations/oauth/create-oauth-providers.ts';
import { createSecretBox } from '../../integrations/secrets/secret-box.ts';
import { getPlatformAccesses } from './get-platform-accesses.ts';
import { PlatformAccessError } from './platform-access-error.ts';

let database: DatabaseConnection;
const secretBox = createSecretBox(randomBytes(32).toString('base64'));
const services = () => ({
  db: database.db,
  secretBox,
  oauthProviders: createOAuthProviders({ timeoutMs: 1000 }),
  credentialSignIns: createCredentialSignIns({ timeoutMs: 1000 }),
  logger: pino({ level: 'silent' }),
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const connect = (values: {
  workspaceId: string;
  agentId?: string;
  platform: 'x' | 'linkedin';
  accountId: string;
  expiresAt?: Date;
  pendingUntil?: Date;
}) =>
  database.db.insert(platformConnection).values({
    ...values,
    accessTokenSealed: secretBox.seal(`token-${values.accountId}`),
    displayName: values.accountId,
  });

describe('platform access for many agents at once', () => {
  it('answers each agent its own connection before its owner’s, none for a stranger’s, and the error of an expired one', async () => {
    const first = await insertTestAgent(database.db);
    const second = await insertTestAgent(database.db, { workspaceId: first.workspaceId });
    const stranger = await insertTestAgent(database.db);
    await connect({ workspaceId: first.workspaceId, platform: 'x', accountId: 'owner-x' });
    await connect({ workspaceId: first.workspaceId, agentId: second.id, platform: 'x', accountId: 'second-x' });
    await connect({
      workspaceId: first.workspaceId,
      agentId: first.id,
      platform: 'linkedin',
      accountId: 'pending',
      pendingUntil: new Date(Date.now() + 60_000),
    });
    await connect({
      workspaceId: first.workspaceId,
      agentId: second.id,
      platform: 'linkedin',
      accountId: 'expired',
      expiresAt: new Date(Date.now() - 1000),
    });

    const answers = await getPlatformAccesses(services(), [
      { workspaceId: first.workspaceId, agentId: first.id, platform: 'x' },
      { workspaceId: first.workspaceId, agentId: second.id, platform: 'x' },
      { workspaceId: first.workspaceId, agentId: first.id, platform: 'linkedin' },
      { workspaceId: first.workspaceId, agentId: second.id, platform: 'linkedin' },
      { workspaceId: stranger.workspaceId, agentId: first.id, platform: 'x' },
      { workspaceId: first.workspaceId, agentId: 'not-a-uuid', platform: 'x' },
    ]);

    expect(
      answers.map((answer) => (answer instanceof PlatformAccessError ? answer.reason : (answer?.accountId ?? null))),
    ).toEqual(['owner-x', 'second-x', null, 'expired', null, null]);
    expect(answers[1]).toMatchObject({ accessToken: 'token-second-x', source: 'agent' });
    expect(answers[0]).toMatchObject({ accessToken: 'token-owner-x', source: 'user' });
  });

  it('says to reconnect a connection this server’s key cannot read, and marks it so, instead of retrying forever', async () => {
    const owner = await insertTestAgent(database.db);
    const otherKey = createSecretBox(randomBytes(32).toString('base64'));
    const [row] = await database.db
      .insert(platformConnection)
      .values({
        workspaceId: owner.workspaceId,
        platform: 'x',
        accountId: 'sealed-elsewhere',
        accessTokenSealed: otherKey.seal('token'),
        displayName: 'sealed-elsewhere',
      })
      .returning();
    const [answer] = await getPlatformAccesses(services(), [
      { workspaceId: owner.workspaceId, agentId: owner.id, platform: 'x' },
    ]);
    expect(answer).toBeInstanceOf(PlatformAccessError);
    expect(answer).toMatchObject({
      reason: 'unreadable',
      message:
        'Reconnect X: this server can no longer read the saved access (its ENCRYPTION_KEY changed since it was connected)',
    });
    const [marked] = await database.db.select().from(platformConnection).where(eq(platformConnection.id, row!.id));
    expect(marked?.reconnectReason).toBe((answer as PlatformAccessError).message);
  });
});
