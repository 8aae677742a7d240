import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationPreview, WorkspaceMembers } from '@agentcast/contracts/workspaces';
import { WORKSPACE_MEMBER_MESSAGES } from '@agentcast/contracts/workspaces';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@agentcast/contracts/workspace-roles';
import { workspaceInvitation } from '@agentcast/db/schema/workspaces';
import { findLink } from '@agentcast/test-fakes/smtp-sink';
import { signUpVerifiedUser, uniqueEmail } from '../testing/accounts.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const idOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/auth/get-session'))) as { user: { id: string } }).user.id;

/** The token of the invitation e-mailed to this address (the last one sent). */
const invitationTokenFor = async (email: string, count = 1) => {
  const mail = await server.mail.waitForMail(email, count);
  return new URL(findLink(mail)).pathname.split('/').pop()!;
};

/** Someone with a workspace of their own, and what they use to act in it. */
const owner = async () => {
  const { browser } = await signUpVerifiedUser(server);
  const workspaceId = await idOf(browser);
  const inIt = { [WORKSPACE_HEADER]: workspaceId };
  return { browser, workspaceId, inIt };
};

/** Invites a new person with the role, who signs up with the invited address and accepts. */
const join = async (inviter: Awaited<ReturnType<typeof owner>>, role: string) => {
  const email = uniqueEmail(role);
  expect((await inviter.browser.post('/api/workspace/invitations', { email, role }, inviter.inIt)).status).toBe(201);
  const token = await invitationTokenFor(email);
  const { browser } = await signUpVerifiedUser(server, email);
  const accepted = await browser.post(`/api/invitations/${token}/accept`);
  expect(accepted.status).toBe(200);
  return { browser, email, id: await idOf(browser) };
};

const membersOf = async (browser: HttpClient, headers: Record<string, string>) =>
  (await readJson(await browser.get('/api/workspace/members', headers))) as WorkspaceMembers;

describe('invitations', () => {
  it('e-mail a link that shows the invitation without signing in and lets the invited address join', async () => {
    const team = await owner();
    const email = uniqueEmail('invitee');
    const invited = await team.browser.post('/api/workspace/invitations', { email, role: 'editor' }, team.inIt);
    expect(invited.status).toBe(201);
    expect(await readJson(invited)).toMatchObject({ email: email.toLowerCase(), role: 'editor' });

    const mail = await server.mail.waitForMail(email.toLowerCase());
    expect(mail.subject).toMatch(/^Join .+'s workspace on Agentcast$/);
    expect(mail.text).toContain('as Editor');
    expect(mail.text).toContain('The link works for 7 days');
    const link = new URL(findLink(mail));
    expect(link.pathname).toMatch(/^\/invitations\/[\w-]{43}$/);
    const token = link.pathname.split('/').pop()!;

    const preview = (await readJson(
      await fetch(new URL(`/api/invitations/${token}`, server.url)),
    )) as InvitationPreview;
    expect(preview).toMatchObject({ role: 'editor', email: email.toLowerCase() });
    expect(preview.workspace_name).toMatch(/'s workspace$/);
    expect((await membersOf(team.browser, team.inIt)).invitations).toEqual([
      expect.objectContaining({ email: email.toLowerCase(), role: 'editor' }),
    ]);

    // Someone else signed in cannot use it; the person it was sent to can, once.
    const other = (await signUpVerifiedUser(server)).browser;
    const refused = await other.post(`/api/invitations/${token}/accept`);
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({
      message: WORKSPACE_MEMBER_MESSAGES.invitationForAnother(email.toLowerCase()),
    });
    const { browser: invitee } = await signUpVerifiedUser(server, email);
    const accepted = await invitee.post(`/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(await readJson(accepted)).toMatchObject({ id: team.workspaceId, role: 'editor' });
    expect((await invitee.post(`/api/invitations/${token}/accept`)).status).toBe(404);

    const { members, invitations } = await membersOf(team.browser, team.inIt);
    expect(members.map((member) => [member.email, member.role])).toEqual([
      [expect.any(String), 'owner'],
      [email.toLowerCase(), 'editor'],
    ]);
    expect(invitations).toEqual([]);
    const workspaces = (await readJson(await invitee.get('/api/workspaces'))) as { workspaces: { id: string }[] };
    expect(workspaces.workspaces.map((each) => each.id)).toEqual([await idOf(invitee), team.workspaceId]);
  });

  it('stop working after 7 days, when withdrawn, or when sent again (the new link works)', async () => {
    const team = await owner();
    const email = uniqueEmail('late');
    await team.browser.post('/api/workspace/invitations', { email, role: 'reviewer' }, team.inIt);
    const first = await invitationTokenFor(email);
    await team.browser.post('/api/workspace/invitations', { email, role: 'reviewer' }, team.inIt);
    const second = await invitationTokenFor(email, 2);
    expect((await fetch(new URL(`/api/invitations/${first}`, server.url))).status).toBe(404);
    expect((await fetch(new URL(`/api/invitations/${second}`, server.url))).status).toBe(200);

    await server.database.db
      .update(workspaceInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitation.email, email));
    const expired = await fetch(new URL(`/api/invitations/${second}`, server.url));
    expect(expired.status).toBe(404);
    expect(await readJson(expired)).toMatchObject({ message: WORKSPACE_MEMBER_MESSAGES.invitationNotFound });

    await team.browser.post('/api/workspace/invitations', { email, role: 'reviewer' }, team.inIt);
    const [pending] = (await membersOf(team.browser, team.inIt)).invitations;
    expect((await team.browser.delete(`/api/workspace/invitations/${pending!.id}`, team.inIt)).status).toBe(204);
    expect((await fetch(new URL(`/api/invitations/${await invitationTokenFor(email, 3)}`, server.url))).status).toBe(
      404,
    );
  });

  it('refuse a member’s address, and owners alone invite owners', async () => {
    const team = await owner();
    const admin = await join(team, 'admin');
    const again = await team.browser.post(
      '/api/workspace/invitations',
      { email: admin.email, role: 'editor' },
      team.inIt,
    );
    expect(again.status).toBe(409);
    expect(await readJson(again)).toMatchObject({ message: WORKSPACE_MEMBER_MESSAGES.alreadyMember });
    const byAdmin = await admin.browser.post(
      '/api/workspace/invitations',
      { email: uniqueEmail('boss'), role: 'owner' },
      team.inIt,
    );
    expect(byAdmin.status).toBe(403);
    expect(await readJson(byAdmin)).toMatchObject({ message: WORKSPACE_MEMBER_MESSAGES.onlyOwnersMakeOwners });
  });
});

describe('members', () => {
  it('change roles, are removed, and leave; the workspace keeps an owner, and its founder stays one', async () => {
    const team = await owner();
    const editor = await join(team, 'editor');
    const second = await join(team, 'admin');

    expect(
      (await team.browser.patch(`/api/workspace/members/${editor.id}`, { role: 'reviewer' }, team.inIt)).status,
    ).toBe(204);
    expect((await editor.browser.post('/api/agents', {}, team.inIt)).status).toBe(403);

    // An admin cannot touch ownership; an owner can share it, and then leave it to the other.
    const promote = await second.browser.patch(`/api/workspace/members/${second.id}`, { role: 'owner' }, team.inIt);
    expect(promote.status).toBe(403);
    expect((await team.browser.patch(`/api/workspace/members/${second.id}`, { role: 'owner' }, team.inIt)).status).toBe(
      204,
    );
    const demoteFounder = await second.browser.patch(
      `/api/workspace/members/${team.workspaceId}`,
      { role: 'admin' },
      team.inIt,
    );
    expect(demoteFounder.status).toBe(409);
    expect(await readJson(demoteFounder)).toMatchObject({ message: WORKSPACE_MEMBER_MESSAGES.founderStays });

    // The second owner steps down and leaves; the reviewer is removed and loses the workspace at once.
    expect(
      (await second.browser.patch(`/api/workspace/members/${second.id}`, { role: 'editor' }, team.inIt)).status,
    ).toBe(204);
    expect((await second.browser.post('/api/workspace/leave', {}, team.inIt)).status).toBe(204);
    expect((await team.browser.delete(`/api/workspace/members/${editor.id}`, team.inIt)).status).toBe(204);
    const gone = await editor.browser.get('/api/agents', team.inIt);
    expect(gone.status).toBe(404);
    expect(await readJson(gone)).toMatchObject({ message: WORKSPACE_MESSAGES.notFound });

    const founderLeaves = await team.browser.post('/api/workspace/leave', {}, team.inIt);
    expect(founderLeaves.status).toBe(409);
    expect((await membersOf(team.browser, team.inIt)).members.map((member) => member.role)).toEqual(['owner']);
  });

  it('never leave a workspace without an owner: its founder is one for good', async () => {
    const team = await owner();
    const other = await join(team, 'owner');
    expect((await other.browser.delete(`/api/workspace/members/${team.workspaceId}`, team.inIt)).status).toBe(409);
    // The other owner may step down: the founder is still one.
    expect((await other.browser.patch(`/api/workspace/members/${other.id}`, { role: 'admin' }, team.inIt)).status).toBe(
      204,
    );
    const members = await membersOf(team.browser, team.inIt);
    expect(members.members.filter((member) => member.role === 'owner')).toHaveLength(1);
  });
});
