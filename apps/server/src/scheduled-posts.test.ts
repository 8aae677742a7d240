import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { PLANS } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES, SCHEDULED_INSTRUCTION, type UsageSummary } from '@agentcast/contracts/publishing';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import type { Calendar } from '@agentcast/contracts/calendar';
import { QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import { agentRun } from '@agentcast/db/schema/runs';
import { agentSchedule } from '@agentcast/db/schema/schedules';
import { and, eq } from 'drizzle-orm';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { agentJobsFinished } from './testing/jobs.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

/** At this scale an interval minute lasts a second. */
const TIME_SCALE = 60;

let llm: OpenAiFake;
let server: TestServer;
beforeAll(async () => {
  llm = await startOpenAiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    timeScale: TIME_SCALE,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
});

const terminalOf = async (browser: HttpClient, agentId: string) =>
  ((await readJson(await browser.get(`/api/terminal?agent_id=${agentId}&limit=100`))) as TerminalPage).messages;

const scheduledAgent = async (browser: HttpClient, interval = 1) =>
  (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], interval, clients: ['terminal'] } }),
    ),
  )) as Agent;

describe('scheduled posts', () => {
  it('post every interval on their own, and stop as soon as posting is turned off', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await putOnPlan(server, email, 'enterprise');
    const agent = await scheduledAgent(browser);

    await expect
      .poll(async () => (await terminalOf(browser, agent.id)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    const posts = await terminalOf(browser, agent.id);
    expect(
      posts.every(
        (post) =>
          post.trigger === 'schedule' && post.instruction === SCHEDULED_INSTRUCTION && post.tweet_content !== '',
      ),
    ).toBe(true);
    // About one a second (an interval minute): never two for one slot. Read from the runs' slots, not the terminal's
    // times: a server's first run also loads the model client, so its post may land closer to the second one.
    const runs = await server.database.db
      .select({ slotAt: agentRun.slotAt })
      .from(agentRun)
      .where(eq(agentRun.agentId, agent.id));
    const slots = runs.map((run) => run.slotAt!.getTime()).sort((a, b) => a - b);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < slots.length; index++) expect(slots[index]! - slots[index - 1]!).toBeGreaterThan(500);

    const saved = await browser.patch(`/api/agents/${agent.id}`, {
      post_configuration: { ...agent.post_configuration, enabled: false },
    });
    expect(saved.status).toBe(200);
    const countAfterStop = (await terminalOf(browser, agent.id)).length;
    // The save removed the schedule (a scheduling pass holding it finishes first), so no slot comes after it; once
    // the runs planned by then are done, the terminal holds all it ever will.
    const schedules = await server.database.db
      .select()
      .from(agentSchedule)
      .where(and(eq(agentSchedule.agentId, agent.id), eq(agentSchedule.kind, 'post')));
    expect(schedules).toEqual([]);
    await expect.poll(() => agentJobsFinished(server, agent.id), { timeout: 10_000 }).toBe(true);
    // At most the one slot that was already being written when the change was saved.
    expect((await terminalOf(browser, agent.id)).length).toBeLessThanOrEqual(countAfterStop + 1);
  });

  it('on Starter, post a short interval’s share spread over the posting hours instead of 22 skipped slots', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const agent = await scheduledAgent(browser);

    // A minute's interval would be 1,440 posts a day: Starter's 2 go out at 09:00 and 15:00 (UTC, no zone sent).
    const [schedule] = await server.database.db
      .select()
      .from(agentSchedule)
      .where(and(eq(agentSchedule.agentId, agent.id), eq(agentSchedule.kind, 'post')));
    expect(schedule?.spread).toEqual({ zone: 'UTC', times: [9 * 3600, 15 * 3600] });
    const slot = new Date(schedule!.nextRunAt.getTime() - schedule!.jitterMs).toISOString();
    expect(['09:00:00.000Z', '15:00:00.000Z']).toContain(slot.slice(11));
    // So nothing is planned, and nothing skipped, until then.
    const runs = await server.database.db.select().from(agentRun).where(eq(agentRun.agentId, agent.id));
    expect(runs).toEqual([]);
    const usage = (await readJson(await browser.get('/api/usage'))) as UsageSummary;
    expect(usage).toMatchObject({ plan: { id: 'starter', name: 'Starter' }, today: { posts: 0, replies: 0 } });
  });

  it('count manual triggers too, and refuse one over the quota saying when the next post goes out', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal'] } }),
      ),
    )) as Agent;
    for (let index = 0; index < 2; index++)
      expect((await browser.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    const refused = await browser.post(`/api/agents/${agent.id}/trigger`, {});
    expect(refused.status).toBe(409);
    // Its 60-minute default is spread over the day: its next post is tomorrow's first (UTC, no zone sent).
    expect((await readJson(refused)).message).toBe(QUOTA_MESSAGES.todayUsed(PLANS[0]!, 'tomorrow at 09:00'));
    // The terminal keeps the note, as it does for a scheduled post over the quota.
    const page = (await readJson(await browser.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage;
    expect(page.messages[0]).toMatchObject({
      tweet_content: '',
      notes: [PUBLISHING_MESSAGES.overPostQuota(PLANS[0]!)],
    });
  });

  it('let a slot skipped in the Calendar pass, and post the slots around it', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await putOnPlan(server, email, 'enterprise');
    const agent = await scheduledAgent(browser);
    const calendar = (await readJson(await browser.get('/api/calendar'))) as Calendar;
    const slots = calendar.entries.filter((entry) => entry.kind === 'planned' && entry.agent_id === agent.id);
    const skipped = (slots[1] as { slot_at: string }).slot_at;
    expect((await browser.post(`/api/agents/${agent.id}/skipped-slots`, { slot_at: skipped })).status).toBe(204);

    const slotsRun = async () =>
      (
        await server.database.db
          .select({ slotAt: agentRun.slotAt })
          .from(agentRun)
          .where(eq(agentRun.agentId, agent.id))
      ).map((run) => run.slotAt?.toISOString());
    await expect.poll(async () => (await slotsRun()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const run = await slotsRun();
    expect(run).toContain((slots[0] as { slot_at: string }).slot_at);
    expect(run).toContain((slots[2] as { slot_at: string }).slot_at);
    expect(run).not.toContain(skipped);
  });
});
