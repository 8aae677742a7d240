import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Agent } from '@agentcast/contracts/agents';
import { DRAFT_MESSAGES, MAX_WAITING_DRAFTS, type Draft } from '@agentcast/contracts/drafts';
import { PLANS } from '@agentcast/contracts/plans';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import { QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { triggerRefusalOf } from '@agentcast/contracts/terminal-constants';
import { RUN_AGENT_JOB } from '@agentcast/core/domains/runs/plan/run-agent-job';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startXWithOAuth, type PlatformWithOAuth } from '@agentcast/test-fakes/platforms-with-oauth';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { putOnPlan, signUpVerifiedUser } from '../testing/accounts.ts';
import { agentJobsFinished, jobsOfAgent } from '../testing/jobs.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { pngImage, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let llm: OpenAiFake;
let x: PlatformWithOAuth<XApiFake>;
let server: TestServer;
let owner: HttpClient;
let ownerEmail: string;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Draft number {n}: small models, {varied}. #AI' };
  x = await startXWithOAuth();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      x: {
        clientId: x.oauth.clientId,
        clientSecret: x.oauth.clientSecret,
        oauthBaseUrl: x.baseUrl,
        apiBaseUrl: x.baseUrl,
      },
    },
    platformApis: { xBaseUrl: x.baseUrl, timeoutMs: 5000 },
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  ownerEmail = account.email;
  await putOnPlan(server, ownerEmail, 'enterprise');
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await x.close();
});

/** An agent with review on, posting to X through its own connected account. */
const reviewedAgent = async (overrides: Parameters<typeof validAgent>[0] = {}) => {
  const agent = (await readJson(
    await owner.post(
      '/api/agents',
      validAgent({
        activities: ['post'],
        review_before_posting: true,
        post_configuration: { topics: ['AI'], clients: ['terminal', 'x'] },
        ...overrides,
      }),
    ),
  )) as Agent;
  await connectPlatform(server, owner, 'x', { agentId: agent.id });
  return agent;
};

const trigger = async (agentId: string) => {
  const response = await owner.post(`/api/agents/${agentId}/trigger`, {});
  return { response, body: await readJson(response) };
};
const drafts = async () => ((await readJson(await owner.get('/api/drafts'))) as { drafts: Draft[] }).drafts;
/** The waiting draft shown by this terminal message, or this draft again (undefined once it no longer waits). */
const draftOf = async (shown: TerminalMessage | Draft) =>
  (await drafts()).find((draft) => ('id' in shown ? draft.id === shown.id : draft.message_id === shown.message_id));
const entry = async (agentId: string, messageId: string) =>
  ((await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages.find(
    (message) => message.message_id === messageId,
  );
const postsOnX = (text: string) => x.api.posts.filter((post) => post.text === text);
/**
 * Waits until the agent's runs are done with: their jobs (writing, any publishing) finished. Nothing can post a
 * draft after that unless something queues it again, so a test asserts then that nothing was posted.
 */
const runsDone = async (agentId: string) => {
  await expect.poll(() => agentJobsFinished(server, agentId)).toBe(true);
  return (await jobsOfAgent(server, agentId)).map((job) => job.name);
};

describe('an agent with review on', () => {
  it('stores the choice, returns it, and is off when the form does not say', async () => {
    const reviewed = await reviewedAgent();
    expect(reviewed.review_before_posting).toBe(true);
    const plain = (await readJson(await owner.post('/api/agents', validAgent()))) as Agent;
    expect(plain.review_before_posting).toBe(false);
    const turnedOff = (await readJson(
      await owner.patch(`/api/agents/${reviewed.id}`, { review_before_posting: false }),
    )) as Agent;
    expect(turnedOff.review_before_posting).toBe(false);
  });

  it('makes a triggered post a draft that nothing publishes until it is approved, then X gets exactly it', async () => {
    const agent = await reviewedAgent();
    const { response, body } = await trigger(agent.id);
    expect(response.status).toBe(200);
    const message = body.data as TerminalMessage;
    expect(message.deliveries.map(({ platform, status }) => [platform, status])).toEqual([
      ['terminal', 'awaiting_review'],
      ['x', 'awaiting_review'],
    ]);
    const draft = (await draftOf(message))!;
    expect(draft).toMatchObject({ agent: { id: agent.id, name: agent.name }, platforms: ['x'], trigger: 'manual' });
    expect(draft.text).toBe(message.tweet_content);
    expect(await runsDone(agent.id)).toEqual([RUN_AGENT_JOB.name]);
    expect(postsOnX(draft.text)).toEqual([]);

    const approved = await owner.post('/api/drafts/approve', { ids: [draft.id] });
    expect(approved.status).toBe(200);

    await expect
      .poll(async () => (await entry(agent.id, message.message_id))?.deliveries.map((item) => item.status))
      .toEqual(['posted', 'posted']);
    expect(postsOnX(draft.text)).toHaveLength(1);
    expect(await draftOf(draft)).toBeUndefined();
    const again = await owner.post('/api/drafts/approve', { ids: [draft.id] });
    expect(again.status).toBe(409);
    expect((await readJson(again)).message).toBe(DRAFT_MESSAGES.notWaiting);
  });

  it('publishes the edited text, and refuses an edit too long for X with a message saying by how much', async () => {
    const agent = await reviewedAgent();
    const message = (await trigger(agent.id)).body.data as TerminalMessage;
    const draft = (await draftOf(message))!;

    const tooLong = await owner.patch(`/api/drafts/${draft.id}`, { text: 'x'.repeat(281) });
    expect(tooLong.status).toBe(400);
    expect(await readJson(tooLong)).toMatchObject({
      fieldErrors: { text: ['Too long for X: 281 characters of 280.'] },
    });

    const edited = 'Edited by a person before it went out. #AI';
    const changed = (await readJson(await owner.patch(`/api/drafts/${draft.id}`, { text: edited }))) as Draft;
    expect(changed.text).toBe(edited);
    expect((await entry(agent.id, message.message_id))?.tweet_content).toBe(edited);
    await owner.post('/api/drafts/approve', { ids: [draft.id], now: true });

    await expect.poll(() => postsOnX(edited).length).toBe(1);
    expect(postsOnX(draft.text)).toEqual([]);
  });

  it('rejects a draft: never published, the reason in the terminal, the day’s post given back', async () => {
    const agent = await reviewedAgent();
    const usedBefore = ((await readJson(await owner.get('/api/usage'))) as UsageSummary).today.posts;
    const message = (await trigger(agent.id)).body.data as TerminalMessage;
    const draft = (await draftOf(message))!;
    expect(((await readJson(await owner.get('/api/usage'))) as UsageSummary).today.posts).toBe(usedBefore + 1);

    const rejected = await owner.post(`/api/drafts/${draft.id}/reject`, { reason: 'Off brand' });
    expect(rejected.status).toBe(200);

    const shown = await entry(agent.id, message.message_id);
    expect(shown?.deliveries.map((item) => item.status)).toEqual(['rejected', 'rejected']);
    expect(shown?.notes).toContain('Rejected in review: Off brand');
    expect(((await readJson(await owner.get('/api/usage'))) as UsageSummary).today.posts).toBe(usedBefore);
    expect(await runsDone(agent.id)).toEqual([RUN_AGENT_JOB.name]);
    expect(postsOnX(draft.text)).toEqual([]);
    expect((await owner.post('/api/drafts/approve', { ids: [draft.id] })).status).toBe(409);
  });

  it('approves several drafts at once, and holds one moved to later until its time', async () => {
    const agent = await reviewedAgent();
    const first = (await draftOf((await trigger(agent.id)).body.data))!;
    const second = (await draftOf((await trigger(agent.id)).body.data))!;
    const later = (await draftOf((await trigger(agent.id)).body.data))!;
    const inTwoSeconds = new Date(Date.now() + 2000).toISOString();
    const moved = (await readJson(await owner.patch(`/api/drafts/${later.id}`, { publish_at: inTwoSeconds }))) as Draft;
    expect(moved.publish_at).toBe(inTwoSeconds);
    expect((await owner.patch(`/api/drafts/${later.id}`, { publish_at: '2020-01-01T00:00:00Z' })).status).toBe(400);

    const answer = await readJson(await owner.post('/api/drafts/approve', { ids: [first.id, second.id, later.id] }));
    expect(answer.approved.map((item: { id: string }) => item.id).sort()).toEqual(
      [first.id, second.id, later.id].sort(),
    );
    expect(answer.approved.find((item: { id: string }) => item.id === later.id).publish_at).toBe(inTwoSeconds);

    await expect.poll(() => postsOnX(first.text).length + postsOnX(second.text).length).toBe(2);
    const waiting = await entry(agent.id, later.message_id!);
    expect(waiting?.deliveries.find((item) => item.platform === 'x')).toMatchObject({
      status: 'ready',
      next_attempt_at: inTwoSeconds,
    });
    expect(postsOnX(later.text)).toEqual([]);
    await expect.poll(() => postsOnX(later.text).length, { timeout: 10_000 }).toBe(1);
  });

  it('regenerates a version from the same brief and publishes the version chosen', async () => {
    const agent = await reviewedAgent();
    const draft = (await draftOf((await trigger(agent.id)).body.data))!;

    const regenerated = (await readJson(await owner.post(`/api/drafts/${draft.id}/regenerate`))) as Draft;
    expect(regenerated.text).toBe(draft.text);
    expect(regenerated.versions).toHaveLength(1);
    const other = regenerated.versions[0]!.text;
    expect(other).not.toBe(draft.text);

    const chosen = (await readJson(await owner.patch(`/api/drafts/${draft.id}`, { version: 0 }))) as Draft;
    expect(chosen.text).toBe(other);
    expect(chosen.versions.map((version) => version.text)).toEqual([draft.text]);
    await owner.post('/api/drafts/approve', { ids: [draft.id], now: true });
    await expect.poll(() => postsOnX(other).length).toBe(1);
    expect(postsOnX(draft.text)).toEqual([]);
  });

  it(`keeps at most ${MAX_WAITING_DRAFTS} drafts waiting: the next trigger is refused saying why`, async () => {
    const agent = await reviewedAgent();
    for (let count = 0; count < MAX_WAITING_DRAFTS; count++)
      expect((await trigger(agent.id)).response.status).toBe(200);

    const { response, body } = await trigger(agent.id);
    expect(response.status).toBe(409);
    expect(body.message).toBe(triggerRefusalOf(DRAFT_MESSAGES.draftsFull(MAX_WAITING_DRAFTS)));
    expect((await drafts()).filter((draft) => draft.agent.id === agent.id)).toHaveLength(MAX_WAITING_DRAFTS);
    const notes = (
      (await readJson(await owner.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage
    ).messages.flatMap((message) => message.notes);
    expect(notes).toContain(DRAFT_MESSAGES.draftsFull(MAX_WAITING_DRAFTS));
  }, 60_000);

  it('keeps waiting drafts waiting when review is turned off, and publishes the next post on its own', async () => {
    const agent = await reviewedAgent();
    const draft = (await draftOf((await trigger(agent.id)).body.data))!;
    await owner.patch(`/api/agents/${agent.id}`, { review_before_posting: false });

    const next = (await trigger(agent.id)).body.data as TerminalMessage;
    await expect.poll(() => postsOnX(next.tweet_content).length).toBe(1);
    expect((await draftOf(draft))?.id).toBe(draft.id);
    expect(postsOnX(draft.text)).toEqual([]);
  });

  it('shows another person none of the drafts and lets them act on none', async () => {
    const agent = await reviewedAgent();
    const draft = (await draftOf((await trigger(agent.id)).body.data))!;
    const { browser: stranger } = await signUpVerifiedUser(server);

    expect(((await readJson(await stranger.get('/api/drafts'))) as { drafts: Draft[] }).drafts).toEqual([]);
    expect((await stranger.post(`/api/drafts/${draft.id}/reject`, {})).status).toBe(404);
    expect((await stranger.patch(`/api/drafts/${draft.id}`, { text: 'hijacked' })).status).toBe(404);
    expect((await stranger.post('/api/drafts/approve', { ids: [draft.id] })).status).toBe(409);
    expect((await draftOf(draft))?.text).toBe(draft.text);
  });
});

describe('pausing an agent', () => {
  it('stops its schedule and refuses triggers until it is resumed', async () => {
    const agent = (await readJson(await owner.post('/api/agents', validAgent({ activities: ['post'] })))) as Agent;
    const schedulesOf = async () =>
      ((await readJson(await owner.get('/api/schedules'))) as { schedules: { agent_id: string }[] }).schedules.filter(
        (schedule) => schedule.agent_id === agent.id,
      );
    expect(await schedulesOf()).toHaveLength(1);

    const paused = (await readJson(await owner.post(`/api/agents/${agent.id}/pause`))) as Agent;
    expect(paused.paused).toBe(true);
    expect(await schedulesOf()).toEqual([]);
    const { response, body } = await trigger(agent.id);
    expect(response.status).toBe(409);
    expect(body.message).toBe(DRAFT_MESSAGES.paused);

    const resumed = (await readJson(await owner.post(`/api/agents/${agent.id}/resume`))) as Agent;
    expect(resumed.paused).toBe(false);
    expect(await schedulesOf()).toHaveLength(1);
    expect((await trigger(agent.id)).response.status).toBe(200);
  });
});

describe('a post written by a person', () => {
  const compose = (agentId: string, body: unknown) => owner.post(`/api/agents/${agentId}/posts`, body);

  it('goes out now with its image, through the same deliveries, and the terminal says who wrote it', async () => {
    const agent = await reviewedAgent();
    const form = new FormData();
    form.append('post', JSON.stringify({ text: 'Written by me, with a picture. #AI' }));
    form.append('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'photo.png');

    const response = await compose(agent.id, form);
    expect(response.status).toBe(201);
    const message = (await readJson(response)) as TerminalMessage;
    expect(message).toMatchObject({ trigger: 'composed', agent_id: agent.id });
    expect(message.tweet_content).toMatch(/^Written by me, with a picture\. #AI\n\nhttp.+\.png$/);

    await expect.poll(() => postsOnX('Written by me, with a picture. #AI').length).toBe(1);
    expect(postsOnX('Written by me, with a picture. #AI')[0]?.mediaIds).toHaveLength(1);
    await expect
      .poll(async () => (await entry(agent.id, message.message_id))?.deliveries.map((item) => item.status))
      .toEqual(['posted', 'posted']);
  });

  it('waits for its time when given one, and is refused when too long or not a picture', async () => {
    const agent = await reviewedAgent();
    const at = new Date(Date.now() + 2000).toISOString();
    const scheduled = await compose(agent.id, { text: 'Later, on purpose.', publish_at: at });
    expect(scheduled.status).toBe(201);
    // Held until its time: the X delivery waits for it, and nothing is on X yet.
    const held = (await readJson(scheduled)) as TerminalMessage;
    expect((await entry(agent.id, held.message_id))?.deliveries.find((item) => item.platform === 'x')).toMatchObject({
      status: 'ready',
      next_attempt_at: at,
    });
    expect(postsOnX('Later, on purpose.')).toEqual([]);
    await expect.poll(() => postsOnX('Later, on purpose.').length, { timeout: 10_000 }).toBe(1);

    const tooLong = await compose(agent.id, { text: 'y'.repeat(300) });
    expect(tooLong.status).toBe(400);
    expect((await readJson(tooLong)).fieldErrors).toEqual({ text: ['Too long for X: 300 characters of 280.'] });
    const form = new FormData();
    form.append('post', JSON.stringify({ text: 'With a broken picture' }));
    form.append('image', new Blob(['not a picture'], { type: 'image/png' }), 'photo.png');
    const broken = await compose(agent.id, form);
    expect(broken.status).toBe(400);
    expect(Object.keys((await readJson(broken)).fieldErrors)).toEqual(['image']);
    expect(postsOnX('With a broken picture')).toEqual([]);
  });

  it('counts against the posts of the day it goes out, like the agent’s own', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await putOnPlan(server, email, 'starter');
    const starter = PLANS.find((plan) => plan.id === 'starter')!;
    const agent = (await readJson(await browser.post('/api/agents', validAgent({ activities: ['post'] })))) as Agent;
    const post = (text: string, publishAt?: Date) =>
      browser.post(`/api/agents/${agent.id}/posts`, { text, publish_at: publishAt?.toISOString() });
    for (const text of ['One', 'Two']) expect((await post(text)).status).toBe(201);
    const third = await post('Three');
    expect(third.status).toBe(409);
    expect((await readJson(third)).message).toBe(QUOTA_MESSAGES.dayUsed(starter, 'today'));

    // Today's are used; tomorrow's are not: a post written for tomorrow takes one of tomorrow's.
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(12, 0, 0, 0);
    expect((await post('For tomorrow', tomorrow)).status).toBe(201);
    const usage = (await readJson(await browser.get('/api/usage'))) as UsageSummary;
    expect(usage.today.posts).toBe(2);
    const day = tomorrow.toISOString().slice(0, 10);
    const [held] = await server.database.db
      .select({ posts: dailyUsage.posts })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.workspaceId, agent.user_id), eq(dailyUsage.day, day)));
    expect(held?.posts).toBe(1);
    expect((await post('Also for tomorrow', tomorrow)).status).toBe(201);
    const full = await post('One too many for tomorrow', tomorrow);
    expect(full.status).toBe(409);
    expect((await readJson(full)).message).toBe(QUOTA_MESSAGES.dayUsed(starter, 'tomorrow'));
  });
});
