import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { AUDIT_CSV_COLUMNS, AUDIT_MESSAGES, type AuditEvent, type AuditPage } from '@agentcast/contracts/audit';
import type { Draft } from '@agentcast/contracts/drafts';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { createHttpClient, readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { inWorkspace, signUpTeam, type TeamMember } from '../testing/workspace-with-roles.ts';

let server: TestServer;
let workspaceId: string;
let team: Record<WorkspaceRole, TeamMember>;
/** Someone with a workspace of their own, and no place in this one. */
let stranger: HttpClient;

const as = (role: WorkspaceRole) => inWorkspace(team[role], workspaceId);
const page = async (role: WorkspaceRole, query = '') => {
  const response = await as(role).get(`/api/workspace/audit${query}`);
  expect(response.status).toBe(200);
  return (await readJson(response)) as AuditPage;
};
const actionsOf = (events: AuditEvent[]) => events.map((event) => event.action);

let agent: Agent;
let drafts: Draft[];

beforeAll(async () => {
  server = await startTestServer();
  ({ workspaceId, team } = await signUpTeam(server));
  stranger = (await signUpVerifiedUser(server)).browser;

  // The day's work of a team: an agent made and changed, two drafts written, one approved and one rejected.
  agent = (await readJson(
    await as('owner').post(
      '/api/agents',
      validAgent({ name: 'Daily AI', approval: 'one', post_configuration: { topics: ['AI'], clients: ['terminal'] } }),
    ),
  )) as Agent;
  expect((await as('admin').patch(`/api/agents/${agent.id}`, { name: 'Daily AI News' })).status).toBe(200);
  expect((await as('editor').post(`/api/agents/${agent.id}/pause`)).status).toBe(200);
  for (const text of ['First draft', 'Second draft']) {
    const saved = await as('editor').post(`/api/agents/${agent.id}/posts`, { text, draft: true });
    expect(saved.status).toBe(201);
    expect(((await readJson(saved)) as TerminalMessage).tweet_content).toBe(text);
  }
  drafts = ((await readJson(await as('owner').get('/api/drafts'))) as { drafts: Draft[] }).drafts;
  const [second, first] = drafts;
  expect((await as('editor').patch(`/api/drafts/${first!.id}`, { text: 'First draft, edited' })).status).toBe(200);
  expect((await as('reviewer').post('/api/drafts/approve', { ids: [first!.id] })).status).toBe(200);
  expect((await as('reviewer').post(`/api/drafts/${second!.id}/reject`, { reason: 'Off topic' })).status).toBe(200);
});
afterAll(() => server?.close());

describe('the audit log', () => {
  it('names who did what to what, newest first, with the names as they were', async () => {
    const { events } = await page('reviewer');
    const [second, first] = drafts;
    expect(events.map((event) => [event.actor.name, event.action, event.subject.name, event.detail])).toEqual([
      [team.reviewer.email.split('@')[0], 'draft.rejected', 'Daily AI News', 'Off topic'],
      [team.reviewer.email.split('@')[0], 'draft.approved', 'Daily AI News', 'The team’s approval'],
      [team.editor.email.split('@')[0], 'draft.edited', 'Daily AI News', 'Changed: text'],
      [team.editor.email.split('@')[0], 'post.composed', 'Daily AI News', expect.stringMatching(/^A draft for /)],
      [team.editor.email.split('@')[0], 'post.composed', 'Daily AI News', expect.stringMatching(/^A draft for /)],
      [team.editor.email.split('@')[0], 'agent.paused', 'Daily AI News', null],
      [team.admin.email.split('@')[0], 'agent.edited', 'Daily AI News', 'Changed: name'],
      [team.owner.email.split('@')[0], 'agent.created', 'Daily AI', null],
    ]);
    expect(events[0]).toMatchObject({
      actor: { kind: 'person', user_id: team.reviewer.id, api_key: null },
      subject: { id: second!.id },
    });
    expect(events[1]?.subject.id).toBe(first!.id);
    expect(events.every((event) => !Number.isNaN(Date.parse(event.at)))).toBe(true);
  });

  it('is filtered by action, by member and by period, and read a page at a time', async () => {
    expect(actionsOf((await page('owner', '?action=post.composed')).events)).toEqual([
      'post.composed',
      'post.composed',
    ]);
    const byEditor = (await page('owner', `?actor=${team.editor.id}`)).events;
    expect(byEditor).toHaveLength(4);
    expect(byEditor.every((event) => event.actor.user_id === team.editor.id)).toBe(true);
    const { events: all } = await page('owner');
    const oldest = all.at(-1)!;
    expect(actionsOf((await page('owner', `?until=${encodeURIComponent(oldest.at)}`)).events)).toEqual([
      'agent.created',
    ]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page('owner', `?since=${encodeURIComponent(future)}`)).events).toEqual([]);

    // Three pages of three, three and two: every line once, in order.
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditPage = await page('editor', `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.events);
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen.map((event) => event.id)).toEqual(all.map((event) => event.id));
  });

  it('refuses a bad filter with a sentence and a 400', async () => {
    const cases: [string, string][] = [
      ['?action=agent.exploded', AUDIT_MESSAGES.invalidAction],
      ['?since=yesterday', AUDIT_MESSAGES.invalidTime],
      ['?since=2026-11-30T10:00:00Z&until=2026-11-30T09:00:00Z', AUDIT_MESSAGES.invalidRange],
      ['?cursor=bm90LWEtY3Vyc29y', AUDIT_MESSAGES.invalidCursor],
    ];
    for (const [query, message] of cases) {
      const response = await as('owner').get(`/api/workspace/audit${query}`);
      expect(response.status, query).toBe(400);
      expect(((await readJson(response)) as { message: string }).message).toContain(message);
    }
  });

  it('downloads as CSV with the same filters', async () => {
    const response = await as('reviewer').get(`/api/workspace/audit.csv?actor=${team.reviewer.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="agentcast-audit-log.csv"');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((line) => line.split(',').slice(3, 5))).toEqual([
      ['draft.rejected (rejected a draft of)', 'Daily AI News'],
      ['draft.approved (approved a draft of)', 'Daily AI News'],
    ]);
  });

  it('records members, keys and client links, and which key a change was made with', async () => {
    expect(
      (await as('owner').post('/api/workspace/invitations', { email: 'new@example.com', role: 'editor' })).status,
    ).toBe(201);
    expect((await as('owner').patch(`/api/workspace/members/${team.editor.id}`, { role: 'reviewer' })).status).toBe(
      204,
    );
    const made = await as('admin').post('/api/account/api-keys', { name: 'Zapier', scope: 'read-write' });
    expect(made.status).toBe(201);
    const { key } = (await readJson(made)) as { key: string };
    const program = createHttpClient(server.url, { headers: { authorization: `Bearer ${key}` } });
    expect((await program.post(`/api/agents/${agent.id}/resume`)).status).toBe(200);
    expect((await as('owner').post('/api/workspace/client-links', { client_name: 'Acme' })).status).toBe(201);

    const { events } = await page('owner', '?limit=5');
    expect(events.map((event) => [event.action, event.subject.name, event.detail, event.actor.api_key])).toEqual([
      ['client_link.created', 'Acme', expect.stringMatching(/^Valid until /), null],
      ['agent.resumed', 'Daily AI News', null, 'Zapier'],
      ['api_key.created', 'Zapier', 'Read and write, never expires', null],
      ['member.role_changed', `${team.editor.email.split('@')[0]} (${team.editor.email})`, 'Editor → Reviewer', null],
      ['member.invited', 'new@example.com', 'As Editor', null],
    ]);
    expect(events[1]?.actor).toMatchObject({ kind: 'person', user_id: team.admin.id });
  });

  it('writes nothing for a change that did not happen', async () => {
    const before = (await page('owner', '?limit=100')).events.length;
    expect((await as('owner').delete('/api/agents/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const twice = await as('owner').post('/api/workspace/invitations', { email: team.admin.email, role: 'editor' });
    expect(twice.status).toBe(409);
    expect((await as('reviewer').post(`/api/drafts/${drafts[0]!.id}/reject`, {})).status).toBe(409);
    expect((await page('owner', '?limit=100')).events).toHaveLength(before);
  });

  it('shows each workspace its own lines only: every member reads it, nobody else', async () => {
    for (const role of ['owner', 'admin', 'editor', 'reviewer'] as const)
      expect((await as(role).get('/api/workspace/audit')).status).toBe(200);
    expect((await readJson(await stranger.get('/api/workspace/audit'))) as AuditPage).toEqual({
      events: [],
      next_cursor: null,
    });
    const crossing = await inWorkspace({ browser: stranger }, workspaceId).get('/api/workspace/audit');
    expect(crossing.status).toBe(404);
    expect((await inWorkspace({ browser: stranger }, workspaceId).get('/api/workspace/audit.csv')).status).toBe(404);
  });
});
