import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { CLIENT_LINK_MESSAGES, type ClientApprovalPage, type ClientLink } from '@agentcast/contracts/client-links';
import type { Draft } from '@agentcast/contracts/drafts';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { clientLink } from '@agentcast/db/schema/client-links';
import { newBrowser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { inWorkspace, signUpTeam, type TeamMember } from '../testing/workspace-with-roles.ts';
import { LINK_PAGE_THROTTLE } from '@agentcast/core/domains/accounts/link-page-throttle';

let server: TestServer;
let workspaceId: string;
let team: Record<WorkspaceRole, TeamMember>;
/** Someone with the link and nothing else: no account, no cookie. */
let client: HttpClient;

const as = (role: WorkspaceRole) => inWorkspace(team[role], workspaceId);

beforeAll(async () => {
  server = await startTestServer();
  ({ workspaceId, team } = await signUpTeam(server));
  client = newBrowser(server);
});
afterAll(() => server?.close());

const makeLink = async (clientName: string, role: WorkspaceRole = 'owner') => {
  const response = await as(role).post('/api/workspace/client-links', { client_name: clientName });
  expect(response.status).toBe(201);
  const made = (await readJson(response)) as { link: ClientLink; url: string };
  return { ...made, token: made.url.slice(made.url.lastIndexOf('/') + 1) };
};
const clientPage = (token: string) => client.get(`/api/client-approvals/${token}`);
const drafts = async () => ((await readJson(await as('owner').get('/api/drafts'))) as { drafts: Draft[] }).drafts;
/** A draft of an agent that asks the team, then the client, written by the editor. */
const draftForClient = async (text: string) => {
  const agentResponse = await as('owner').post(
    '/api/agents',
    validAgent({
      name: 'Brand Voice',
      activities: ['post'],
      approval: 'team_then_client',
      post_configuration: { topics: ['AI'], clients: ['terminal'] },
    }),
  );
  const agent = (await readJson(agentResponse)) as Agent;
  const saved = await as('editor').post(`/api/agents/${agent.id}/posts`, { text, draft: true });
  const message = (await readJson(saved)) as TerminalMessage;
  const draft = (await drafts()).find((item) => item.message_id === message.message_id)!;
  return { agent, message, draft };
};

describe('client links', () => {
  it('are made, listed and revoked by Owners and Admins, one per client, and work without signing in', async () => {
    expect((await as('editor').post('/api/workspace/client-links', { client_name: 'Acme' })).status).toBe(403);
    expect((await as('reviewer').get('/api/workspace/client-links')).status).toBe(403);
    const blank = await as('owner').post('/api/workspace/client-links', { client_name: '  ' });
    expect(blank.status).toBe(400);

    const first = await makeLink('Acme');
    expect(first.url).toBe(`${server.url}/approve/${first.token}`);
    expect(first.link).toMatchObject({ client_name: 'Acme' });
    expect((await clientPage(first.token)).status).toBe(200);
    // A new link for the same client replaces theirs.
    const second = await makeLink('Acme', 'admin');
    const gone = await clientPage(first.token);
    expect(gone.status).toBe(404);
    expect((await readJson(gone)).message).toBe(CLIENT_LINK_MESSAGES.invalid);
    const listed = (await readJson(await as('admin').get('/api/workspace/client-links'))) as { links: ClientLink[] };
    expect(listed.links.filter((link) => link.client_name === 'Acme')).toHaveLength(1);

    expect((await as('owner').delete(`/api/workspace/client-links/${second.link.id}`)).status).toBe(200);
    expect((await clientPage(second.token)).status).toBe(404);
    expect((await as('owner').delete(`/api/workspace/client-links/${second.link.id}`)).status).toBe(404);

    const old = await makeLink('Old Client');
    await server.database.db
      .update(clientLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientLink.id, old.link.id));
    expect((await clientPage(old.token)).status).toBe(404);
  });
});

describe('the client’s step', () => {
  it('shows the client only what the team approved, and the client’s approval sends it out', async () => {
    const { token } = await makeLink('Globex');
    const { agent, message, draft } = await draftForClient('Team first, then Globex.');
    const page = async () => (await readJson(await clientPage(token))) as ClientApprovalPage;
    expect((await page()).drafts.map((item) => item.id)).not.toContain(draft.id);

    // The team's approval keeps it waiting, for the client now.
    expect((await as('reviewer').post('/api/drafts/approve', { ids: [draft.id] })).status).toBe(200);
    const waiting = (await drafts()).find((item) => item.id === draft.id);
    expect(waiting?.approvals.map((given) => given.step)).toEqual(['team']);
    const shown = (await page()).drafts.find((item) => item.id === draft.id);
    expect(shown).toMatchObject({ text: 'Team first, then Globex.', platforms: [], agent: { name: 'Brand Voice' } });
    expect(Object.keys(shown!).sort()).toEqual(
      [
        'agent',
        'id',
        'media',
        'platform_texts',
        'platforms',
        'publish_at',
        'text',
        'thread_breaks',
        'x_threads',
      ].sort(),
    );
    expect(await page()).toMatchObject({ client_name: 'Globex' });

    const approved = await client.post(`/api/client-approvals/${token}/drafts/${draft.id}/approve`);
    expect(approved.status).toBe(200);
    expect((await drafts()).map((item) => item.id)).not.toContain(draft.id);
    const entry = (
      (await readJson(await as('owner').get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage
    ).messages.find((item) => item.message_id === message.message_id);
    expect(entry?.notes).toContain(CLIENT_LINK_MESSAGES.approvedByClient('Globex'));
    const again = await client.post(`/api/client-approvals/${token}/drafts/${draft.id}/approve`);
    expect(again.status).toBe(409);
    expect((await readJson(again)).message).toBe(CLIENT_LINK_MESSAGES.notWaitingForClient);
  });

  it('sends a draft back to the team with the client’s comment', async () => {
    const { token } = await makeLink('Initech');
    const { draft } = await draftForClient('Needs a client’s eye.');
    expect((await as('owner').post('/api/drafts/approve', { ids: [draft.id] })).status).toBe(200);
    const path = `/api/client-approvals/${token}/drafts/${draft.id}/request-changes`;
    const empty = await client.post(path, { comment: ' ' });
    expect(empty.status).toBe(400);

    expect((await client.post(path, { comment: 'Say “customers”, not “users”.' })).status).toBe(200);
    const back = (await drafts()).find((item) => item.id === draft.id);
    expect(back?.approvals).toEqual([]);
    expect(back?.comments).toMatchObject([
      { by: 'Initech', body: 'Say “customers”, not “users”.', changes_requested: true },
    ]);
    const page = (await readJson(await clientPage(token))) as ClientApprovalPage;
    expect(page.drafts.map((item) => item.id)).not.toContain(draft.id);
  });
});

describe('pages opened by a link’s token alone', () => {
  it('are limited per address, so that a script trying tokens is stopped while other addresses go on', async () => {
    const script = newBrowser(server, '198.51.100.77');
    for (let index = 0; index < LINK_PAGE_THROTTLE.maxPerIp; index++)
      expect((await script.get(`/api/client-approvals/guess-${index}`)).status).toBe(404);

    const stopped = await script.get('/api/client-approvals/one-more');
    expect(stopped.status).toBe(429);
    expect(((await readJson(stopped)) as { message: string }).message).toMatch(
      /^Too many requests for approval and invitation links from your network\./,
    );
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await script.get('/api/invitations/a-guess')).status).toBe(429);
    expect((await newBrowser(server, '198.51.100.78').get('/api/client-approvals/guess')).status).toBe(404);
  });
});
