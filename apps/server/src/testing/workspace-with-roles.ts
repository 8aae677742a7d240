import { WORKSPACE_HEADER, type WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { workspaceMember } from '@agentcast/db/schema/workspaces';
import { putOnPlan, signUpVerifiedUser } from './accounts.ts';
import { readJson, type HttpClient } from './http-client.ts';
import type { TestServer } from './start-test-server.ts';

export type TeamMember = { browser: HttpClient; email: string; id: string };

/** The signed-in person's user id (their own workspace has the same id). */
export const userIdOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/auth/get-session'))) as { user: { id: string } }).user.id;

/**
 * A workspace with one member of each role: the owner's own workspace (on Enterprise, so that no plan's limit gets
 * in the way), with an admin, an editor and a reviewer added.
 */
export const signUpTeam = async (server: TestServer) => {
  const team = {} as Record<WorkspaceRole, TeamMember>;
  for (const role of ['owner', 'admin', 'editor', 'reviewer'] as const) {
    const person = await signUpVerifiedUser(server);
    team[role] = { ...person, id: await userIdOf(person.browser) };
  }
  const workspaceId = team.owner.id;
  await putOnPlan(server, team.owner.email, 'enterprise');
  for (const role of ['admin', 'editor', 'reviewer'] as const)
    await server.database.db.insert(workspaceMember).values({ workspaceId, userId: team[role].id, role });
  return { workspaceId, team };
};

/** A member's requests, each naming the workspace to act in. */
export const inWorkspace = (member: { browser: HttpClient }, workspaceId: string) => {
  const headers = { [WORKSPACE_HEADER]: workspaceId };
  return {
    get: (path: string) => member.browser.get(path, headers),
    post: (path: string, body: unknown = {}) => member.browser.post(path, body, headers),
    patch: (path: string, body: unknown) => member.browser.patch(path, body, headers),
    delete: (path: string) => member.browser.delete(path, headers),
  };
};
