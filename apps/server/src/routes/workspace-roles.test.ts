import { randomUUID } from 'node:crypto';
import type { RouteConfig } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTE_GROUPS } from '@agentcast/contracts/api/all-routes';
import { routeAction } from '@agentcast/contracts/api/define-route';
import { workspacesRoutes } from '@agentcast/contracts/api/workspaces-routes';
import type { CreatedApiKey } from '@agentcast/contracts/api-keys';
import {
  can,
  WORKSPACE_HEADER,
  WORKSPACE_MESSAGES,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@agentcast/contracts/workspace-roles';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { signUpTeam, userIdOf } from '../testing/workspace-with-roles.ts';

let server: TestServer;
/** One person per role in the owner's workspace, and a stranger who belongs to it not at all. */
let people: Record<WorkspaceRole | 'stranger', HttpClient>;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUpTeam(server);
  workspaceId = signedUp.workspaceId;
  const browsers = Object.fromEntries(WORKSPACE_ROLES.map((role) => [role, signedUp.team[role].browser]));
  people = { ...(browsers as Record<WorkspaceRole, HttpClient>), stranger: (await signUpVerifiedUser(server)).browser };
});
afterAll(() => server?.close());

/** A path of the route with made-up ids: what a role may not do is refused before the ids are looked at. */
const pathOf = (route: RouteConfig) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'slot_at' ? new Date().toISOString() : name === 'platform' ? 'x' : randomUUID(),
  );

const call = async (browser: HttpClient, route: RouteConfig) => {
  const path = pathOf(route);
  const headers = { [WORKSPACE_HEADER]: workspaceId };
  const method = route.method.toUpperCase();
  const response =
    method === 'GET'
      ? await browser.get(path, headers)
      : method === 'DELETE'
        ? await browser.delete(path, headers)
        : method === 'PATCH'
          ? await browser.patch(path, {}, headers)
          : await browser.post(path, {}, headers);
  // The terminal's stream stays open for whoever may read it: its status is all this needs.
  const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
  if (isStream) await response.body?.cancel();
  const body = isStream ? null : ((await response.json().catch(() => null)) as { message?: string } | null);
  return { status: response.status, message: body?.message };
};

/** Every route that acts in a workspace but leaving it, which a member may do once (workspace-members.test.ts). */
const workspaceRoutes = ALL_ROUTE_GROUPS.flatMap((group) => Object.values(group.routes)).flatMap((route) => {
  const action = routeAction(route);
  return action && route !== workspacesRoutes.leave ? [{ route, action }] : [];
});

describe('the role × route matrix (decision 028)', () => {
  it('covers the routes that act in a workspace', () => {
    expect(workspaceRoutes.length).toBeGreaterThan(50);
  });

  for (const { route, action } of workspaceRoutes) {
    it(`${route.method.toUpperCase()} ${route.path} (${action}): each role as the table says, no stranger`, async () => {
      for (const role of WORKSPACE_ROLES) {
        const answer = await call(people[role], route);
        const refused = { status: 403, message: WORKSPACE_MESSAGES.notAllowed(role) };
        if (can(role, action)) expect(answer, role).not.toEqual(refused);
        else expect(answer, role).toEqual(refused);
      }
      expect(await call(people.stranger, route), 'stranger').toEqual({
        status: 404,
        message: WORKSPACE_MESSAGES.notFound,
      });
    });
  }
});

describe('a key in a shared workspace', () => {
  const withKey = (key: string, method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, server.url), {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: method === 'GET' ? undefined : JSON.stringify(validAgent()),
    });

  it('acts with its maker’s role in the workspace it was made in, and in no other', async () => {
    const made = await people.reviewer.post(
      '/api/account/api-keys',
      { name: 'review bot', scope: 'read-write' },
      { [WORKSPACE_HEADER]: workspaceId },
    );
    expect(made.status).toBe(201);
    const { key } = (await readJson(made)) as CreatedApiKey;

    expect((await withKey(key, 'GET', '/api/agents')).status).toBe(200);
    const create = await withKey(key, 'POST', '/api/agents');
    expect(create.status).toBe(403);
    expect(await readJson(create)).toMatchObject({ message: WORKSPACE_MESSAGES.notAllowed('reviewer') });

    const reviewersOwn = await userIdOf(people.reviewer);
    const elsewhere = await withKey(key, 'GET', '/api/agents', { [WORKSPACE_HEADER]: reviewersOwn });
    expect(elsewhere.status).toBe(403);
    expect(await readJson(elsewhere)).toMatchObject({ message: WORKSPACE_MESSAGES.keyBoundElsewhere });
  });

  it('lets a session name the workspace it acts in, and an agent made there is the workspace’s', async () => {
    const made = await people.editor.post('/api/agents', validAgent({ name: 'Team agent' }), {
      [WORKSPACE_HEADER]: workspaceId,
    });
    expect(made.status).toBe(201);
    const names = async (browser: HttpClient, headers?: Record<string, string>) =>
      ((await readJson(await browser.get('/api/agents', headers))) as { agents: { name: string }[] }).agents.map(
        (agent) => agent.name,
      );
    expect(await names(people.owner)).toContain('Team agent');
    expect(await names(people.editor)).not.toContain('Team agent');
    expect(await names(people.editor, { [WORKSPACE_HEADER]: workspaceId })).toContain('Team agent');
    // Where a browser can give only a URL (an EventSource, a download link), the query parameter names it.
    const byQuery = (await readJson(await people.editor.get(`/api/agents?workspace=${workspaceId}`))) as {
      agents: { name: string }[];
    };
    expect(byQuery.agents.map((agent) => agent.name)).toContain('Team agent');
    expect((await people.stranger.get(`/api/agents?workspace=${workspaceId}`)).status).toBe(404);
  });
});
