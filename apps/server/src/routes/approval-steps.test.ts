import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { DRAFT_MESSAGES, type Draft } from '@agentcast/contracts/drafts';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { approveDrafts } from '@agentcast/core/domains/runs/review/approve-drafts';
import { expireLateDrafts } from '@agentcast/core/domains/runs/review/expire-late-drafts';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { validAgent } from '../testing/fixtures.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { inWorkspace, signUpTeam, type TeamMember } from '../testing/workspace-with-roles.ts';

let server: TestServer;
let workspaceId: string;
/** The workspace's owner, and a member of each other role acting in the owner's workspace. */
let team: Record<WorkspaceRole, TeamMember>;
const HOUR_MS = 3_600_000;

/** A request of this member in the owner's workspace. */
const as = (role: WorkspaceRole) => inWorkspace(team[role], workspaceId);

beforeAll(async () => {
  server = await startTestServer();
  ({ workspaceId, team } = await signUpTeam(server));
});
afterAll(() => server?.close());

const newAgent = async (fields: Record<string, unknown>) => {
  const response = await as('owner').post(
    '/api/agents',
    validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal'] }, ...fields }),
  );
  expect(response.status).toBe(201);
  return (await readJson(response)) as Agent;
};
const drafts = async () =>
  (await readJson(await as('owner').get('/api/drafts'))) as { drafts: Draft[]; expired: Draft[] };
const terminalEntry = async (agentId: string, messageId: string) =>
  ((await readJson(await as('owner').get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages.find(
    (message) => message.message_id === messageId,
  );
const postsUsedOn = async (day: string) =>
  (
    await server.database.db
      .select({ posts: dailyUsage.posts })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.workspaceId, workspaceId), eq(dailyUsage.day, day)))
  )[0]?.posts ?? 0;

describe('the approval an agent asks for', () => {
  it('is a choice that replaces "Review before posting", which older callers may still send', async () => {
    const careful = await newAgent({ approval: 'one' });
    expect(careful).toMatchObject({ approval: 'one', review_before_posting: true });
    const bold = await newAgent({});
    expect(bold).toMatchObject({ approval: 'none', review_before_posting: false });
    const older = await newAgent({ review_before_posting: true });
    expect(older.approval).toBe('one');

    const turnedOff = await as('owner').patch(`/api/agents/${older.id}`, { review_before_posting: false });
    expect(((await readJson(turnedOff)) as Agent).approval).toBe('none');
    const unknown = await as('owner').patch(`/api/agents/${older.id}`, { approval: 'always' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await readJson(unknown))).toContain('Approval must be one of: none, one, team_then_client');
  });
});

describe('one approval', () => {
  it('lets an editor save drafts but not publish, and records the reviewer who approved, in the terminal', async () => {
    const agent = await newAgent({ approval: 'one', name: 'Careful' });
    const direct = await as('editor').post(`/api/agents/${agent.id}/posts`, { text: 'Straight out, please.' });
    expect(direct.status).toBe(403);
    expect((await readJson(direct)).message).toBe(DRAFT_MESSAGES.needsApproval('Careful'));

    const saved = await as('editor').post(`/api/agents/${agent.id}/posts`, { text: 'For review.', draft: true });
    expect(saved.status).toBe(201);
    const message = (await readJson(saved)) as TerminalMessage;
    const draft = (await drafts()).drafts.find((item) => item.message_id === message.message_id);
    expect(draft).toMatchObject({ approval: 'one', approvals: [], time_chosen: false, status: 'awaiting_review' });
    expect((await as('editor').post('/api/drafts/approve', { ids: [draft!.id] })).status).toBe(403);

    const approved = await as('reviewer').post('/api/drafts/approve', { ids: [draft!.id] });
    expect(approved.status).toBe(200);
    expect((await drafts()).drafts.map((item) => item.id)).not.toContain(draft!.id);
    expect((await terminalEntry(agent.id, message.message_id))?.notes).toContain(
      // Their name, which sign-up takes from the address.
      DRAFT_MESSAGES.approvedBy(team.reviewer.email.split('@')[0]!),
    );
  });
});

describe('a draft for a time a person chose', () => {
  it('expires unapproved at that time, gives its day back, and waits again once rescheduled', async () => {
    const agent = await newAgent({ approval: 'one', name: 'Punctual' });
    const plannedFor = new Date(Date.now() + HOUR_MS);
    const day = plannedFor.toISOString().slice(0, 10);
    const before = await postsUsedOn(day);
    const saved = await as('editor').post(`/api/agents/${agent.id}/posts`, {
      text: 'At nine sharp.',
      draft: true,
      publish_at: plannedFor.toISOString(),
    });
    const message = (await readJson(saved)) as TerminalMessage;
    const draft = (await drafts()).drafts.find((item) => item.message_id === message.message_id)!;
    expect(draft.time_chosen).toBe(true);
    expect(await postsUsedOn(day)).toBe(before + 1);

    // Approved after its time (on the app's clock) but before the sweeper came by: refused, not published late.
    const { storage, queue, events } = server.services;
    const review = { db: server.database.db, storage, queue, events, defaultPlan: 'enterprise' as const };
    const approvedLate = approveDrafts(
      { ...review, now: () => new Date(plannedFor.getTime() + 1000) },
      { workspaceId, ids: [draft.id], now: false, approver: { userId: workspaceId } },
    );
    await expect(approvedLate).rejects.toThrow(DRAFT_MESSAGES.expiredBeforeApproval);

    // The sweeper's pass, on the app's clock: before the time nothing happens, after it the draft expires.
    const expire = (now: Date) =>
      expireLateDrafts({ db: server.database.db, events: server.services.events }, { now, limit: 100 });
    expect(await expire(new Date(plannedFor.getTime() - 1000))).toBe(0);
    expect(await expire(new Date(plannedFor.getTime() + 1000))).toBe(1);
    const listed = await drafts();
    expect(listed.drafts.map((item) => item.id)).not.toContain(draft.id);
    expect(listed.expired.find((item) => item.id === draft.id)).toMatchObject({ status: 'expired' });
    expect(await postsUsedOn(day)).toBe(before);
    const entry = await terminalEntry(agent.id, message.message_id);
    expect(entry?.notes).toContain(DRAFT_MESSAGES.expired);
    expect(entry?.deliveries.map((delivery) => delivery.status)).toEqual(['expired']);

    const late = await as('reviewer').post('/api/drafts/approve', { ids: [draft.id] });
    expect(late.status).toBe(409);
    expect(
      (await as('editor').post(`/api/drafts/${draft.id}/reschedule`, { publish_at: '2020-01-01T09:00:00Z' })).status,
    ).toBe(400);
    const later = new Date(Date.now() + 2 * HOUR_MS);
    const rescheduled = await as('editor').post(`/api/drafts/${draft.id}/reschedule`, {
      publish_at: later.toISOString(),
    });
    expect(rescheduled.status).toBe(200);
    expect(await readJson(rescheduled)).toMatchObject({
      status: 'awaiting_review',
      publish_at: later.toISOString(),
      time_chosen: true,
    });
    expect((await drafts()).expired.map((item) => item.id)).not.toContain(draft.id);
    expect(await postsUsedOn(later.toISOString().slice(0, 10))).toBeGreaterThanOrEqual(1);
    const again = await as('editor').post(`/api/drafts/${draft.id}/reschedule`, { publish_at: later.toISOString() });
    expect(again.status).toBe(409);
    expect((await readJson(again)).message).toBe(DRAFT_MESSAGES.notExpired);
  });
});
