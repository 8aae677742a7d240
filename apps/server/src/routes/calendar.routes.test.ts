import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { CALENDAR_MESSAGES, type Calendar, type CalendarEntry } from '@agentcast/contracts/calendar';
import { PLANS } from '@agentcast/contracts/plans';
import { QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // Starter by default: 2 posts a day. The offline writer writes the posts.
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const calendarOf = async (browser: HttpClient) => (await readJson(await browser.get('/api/calendar'))) as Calendar;
const planned = (calendar: Calendar, agentId: string) =>
  calendar.entries.filter(
    (entry): entry is Extract<CalendarEntry, { kind: 'planned' }> =>
      entry.kind === 'planned' && entry.agent_id === agentId,
  );
const nextPostOf = async (browser: HttpClient, agentId: string) =>
  ((await readJson(await browser.get('/api/schedules'))) as { schedules: AgentSchedule[] }).schedules.find(
    (entry) => entry.agent_id === agentId && entry.kind === 'post',
  );
const createAgent = async (browser: HttpClient, interval: number, overrides: Parameters<typeof validAgent>[0] = {}) =>
  (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({
        activities: ['post'],
        post_configuration: { topics: ['AI'], interval, clients: ['terminal'] },
        ...overrides,
      }),
    ),
  )) as Agent;

describe('GET /api/calendar', () => {
  it('shows a week of each agent’s planned posts, the next one the AgentBoard names, and nobody else’s', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const { browser: stranger } = await signUpVerifiedUser(server);
    const agent = await createAgent(owner, 1440);

    const calendar = await calendarOf(owner);
    const slots = planned(calendar, agent.id);
    // The first slot is a day (and the agent's jitter) after its creation: six fall within the week.
    expect(slots).toHaveLength(6);
    expect(slots.every((slot) => slot.outcome === 'post' && slot.repeats === 1)).toBe(true);
    expect(Date.parse(slots[1]!.at) - Date.parse(slots[0]!.at)).toBe(DAY);
    expect(Date.parse(calendar.to) - Date.parse(calendar.from)).toBe(7 * DAY);
    expect(calendar.agents).toEqual([
      { agent_id: agent.id, name: agent.name, paused: false, review_before_posting: false, next_post_at: slots[0]!.at },
    ]);
    expect((await nextPostOf(owner, agent.id))?.next_post_at).toBe(slots[0]!.at);
    expect((await calendarOf(stranger)).entries).toEqual([]);
  });

  it('spreads a 60-minute interval over the day on Starter, and names tomorrow’s first post once today’s are used', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const agent = await createAgent(owner, 60);
    const starter = PLANS.find((plan) => plan.id === 'starter')!;

    // Not 22 skipped slots a day: Starter's 2 posts at 09:00 and 15:00 (UTC: the account sent no time zone).
    const spread = planned(await calendarOf(owner), agent.id);
    expect(spread.length).toBeGreaterThanOrEqual(13);
    expect(spread.every((slot) => slot.outcome === 'post' && slot.repeats === 1)).toBe(true);
    expect(new Set(spread.map((slot) => slot.slot_at.slice(11, 19)))).toEqual(new Set(['09:00:00', '15:00:00']));
    // Each a little after its slot (the agent's jitter, under a minute), never two at once.
    for (const slot of spread) expect(Date.parse(slot.at) - Date.parse(slot.slot_at)).toBeLessThan(60_000);

    for (let index = 0; index < 2; index++)
      expect((await owner.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    const refused = await owner.post(`/api/agents/${agent.id}/trigger`, {});
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toMatchObject({
      code: 'QUOTA_USED',
      message: QUOTA_MESSAGES.todayUsed(starter, 'tomorrow at 09:00'),
    });

    const calendar = await calendarOf(owner);
    const slots = planned(calendar, agent.id);
    const midnight = new Date(calendar.from);
    midnight.setUTCHours(24, 0, 0, 0);
    // What is left of today's slots is over the quota; tomorrow's 09:00 is the next post.
    // (Slots in a row that share an outcome are one entry with their count: before 09:00 both of today's are left.)
    const today = slots.filter((item) => Date.parse(item.at) < midnight.getTime());
    const slotsLeftToday = [9, 15].filter((hour) => midnight.getTime() - (24 - hour) * 3_600_000 > Date.now()).length;
    expect(today.every((slot) => slot.outcome === 'over_quota')).toBe(true);
    expect(today.reduce((count, slot) => count + slot.repeats, 0)).toBe(slotsLeftToday);
    const firstPost = slots.find((slot) => slot.outcome === 'post')!;
    expect(firstPost.slot_at).toBe(new Date(midnight.getTime() + 9 * 3_600_000).toISOString());
    // The Calendar and the AgentBoard name the same next post.
    expect((await nextPostOf(owner, agent.id))?.next_post_at).toBe(firstPost.at);
    expect(calendar.agents[0]?.next_post_at).toBe(firstPost.at);

    expect((await owner.post(`/api/agents/${agent.id}/pause`, {})).status).toBe(200);
    const paused = await calendarOf(owner);
    expect(planned(paused, agent.id)).toEqual([]);
    expect(paused.agents[0]).toMatchObject({ paused: true, next_post_at: null });
    expect(await nextPostOf(owner, agent.id)).toBeUndefined();
    // The posts already made stay on the calendar.
    const published = paused.entries.filter((entry) => entry.kind === 'published');
    expect(published).toHaveLength(2);
    // Each names its terminal entry, which "Delete from X" takes.
    const terminal = (await readJson(await owner.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage;
    // (The refused trigger's note is the terminal's too, and no post.)
    expect(published.map((entry) => entry.message_id).sort()).toEqual(
      terminal.messages
        .filter((message) => message.tweet_content !== '')
        .map((message) => message.message_id)
        .sort(),
    );
  });

  it('shows a draft at its planned time and where it moves to', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const agent = await createAgent(owner, 1440, { review_before_posting: true });
    const triggered = await owner.post(`/api/agents/${agent.id}/trigger`, {});
    expect(triggered.status).toBe(200);
    const draft = (await calendarOf(owner)).entries.find((entry) => entry.kind === 'draft');
    expect(draft).toMatchObject({ agent_id: agent.id });

    const later = new Date(Date.now() + 2 * DAY).toISOString();
    expect(
      (await owner.patch(`/api/drafts/${(draft as { run_id: string }).run_id}`, { publish_at: later })).status,
    ).toBe(200);
    const moved = (await calendarOf(owner)).entries.find((entry) => entry.kind === 'draft');
    expect(Date.parse(moved!.at)).toBe(Date.parse(later));
    // The agent's next slots become drafts too.
    expect(planned(await calendarOf(owner), agent.id)[0]).toMatchObject({ outcome: 'draft' });
  });
});

describe('skipping a planned post', () => {
  it('marks the slot skipped without using the day’s posts, plans it again, and refuses a time that is no slot', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const { browser: stranger } = await signUpVerifiedUser(server);
    const agent = await createAgent(owner, 1440);
    const [first, second] = planned(await calendarOf(owner), agent.id);

    const skipped = await owner.post(`/api/agents/${agent.id}/skipped-slots`, { slot_at: first!.slot_at });
    expect(skipped.status).toBe(204);
    const after = planned(await calendarOf(owner), agent.id);
    expect(after[0]).toMatchObject({ slot_at: first!.slot_at, outcome: 'skipped' });
    expect((await nextPostOf(owner, agent.id))?.next_post_at).toBe(second!.at);

    const between = new Date(Date.parse(first!.slot_at) + 60_000).toISOString();
    const refused = await owner.post(`/api/agents/${agent.id}/skipped-slots`, { slot_at: between });
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).message).toBe(CALENDAR_MESSAGES.notASlot);
    const malformed = await owner.post(`/api/agents/${agent.id}/skipped-slots`, { slot_at: 'tomorrow' });
    expect(malformed.status).toBe(400);
    expect((await stranger.post(`/api/agents/${agent.id}/skipped-slots`, { slot_at: second!.slot_at })).status).toBe(
      404,
    );

    const again = await owner.delete(`/api/agents/${agent.id}/skipped-slots/${encodeURIComponent(first!.slot_at)}`);
    expect(again.status).toBe(204);
    expect(planned(await calendarOf(owner), agent.id)[0]).toMatchObject({ outcome: 'post' });
  });
});
