import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { CreatedApiKey } from '@agentcast/contracts/api-keys';
import { agent } from '@agentcast/db/schema/agents';
import { apiKey } from '@agentcast/db/schema/api-keys';
import { workspace, workspaceMember } from '@agentcast/db/schema/workspaces';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const userIdOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/auth/get-session'))) as { user: { id: string } }).user;

const withKey = (key: string, path: string) =>
  fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${key}` } });

describe('workspaces (decision 028, step 1)', () => {
  it('gives a new account its own workspace, which it owns and acts in', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    const person = await userIdOf(browser);
    const { db } = server.database;

    // A sign-up names the person after their address, and the workspace after the person.
    expect(await db.select().from(workspace).where(eq(workspace.id, person.id))).toEqual([
      expect.objectContaining({ id: person.id, name: `${email.split('@')[0]}'s workspace` }),
    ]);
    expect(
      await db
        .select({ userId: workspaceMember.userId, role: workspaceMember.role })
        .from(workspaceMember)
        .where(eq(workspaceMember.workspaceId, person.id)),
    ).toEqual([{ userId: person.id, role: 'owner' }]);

    const created = (await readJson(await browser.post('/api/agents', validAgent()))) as Agent;
    const [row] = await db.select({ workspaceId: agent.workspaceId }).from(agent).where(eq(agent.id, created.id));
    expect(row).toEqual({ workspaceId: person.id });
  });

  it('lets an API key act in its workspace only while its maker is a member of it', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const person = await userIdOf(browser);
    const created = (await readJson(
      await browser.post('/api/account/api-keys', { name: 'ci', scope: 'read' }),
    )) as CreatedApiKey;
    const { db } = server.database;
    expect(
      await db
        .select({ userId: apiKey.userId, workspaceId: apiKey.workspaceId })
        .from(apiKey)
        .where(eq(apiKey.id, created.api_key.id)),
    ).toEqual([{ userId: person.id, workspaceId: person.id }]);
    expect((await withKey(created.key, '/api/agents')).status).toBe(200);

    await db
      .delete(workspaceMember)
      .where(and(eq(workspaceMember.workspaceId, person.id), eq(workspaceMember.userId, person.id)));
    expect((await withKey(created.key, '/api/agents')).status).toBe(401);
  });

  it('goes with its owner: deleting the account deletes the workspace and what is in it', async () => {
    const { browser, password } = await signUpVerifiedUser(server);
    const person = await userIdOf(browser);
    const created = (await readJson(await browser.post('/api/agents', validAgent()))) as Agent;

    const deleted = await browser.post('/api/account/delete', { password });
    expect(deleted.status).toBe(200);
    const { db } = server.database;
    expect(await db.select().from(workspace).where(eq(workspace.id, person.id))).toEqual([]);
    expect(await db.select().from(agent).where(eq(agent.id, created.id))).toEqual([]);
  });
});
