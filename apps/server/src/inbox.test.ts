import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { InboxItem, InboxPage } from '@agentcast/contracts/inbox';
import { INBOX_MESSAGES } from '@agentcast/contracts/inbox-constants';
import { REPLY_SKIP_REASONS } from '@agentcast/contracts/reply-guards-constants';
import { startBlueskyApiFake, type BlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let bluesky: BlueskyApiFake;
let server: TestServer;

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Start with a small open model, then measure. {varied}' };
  bluesky = await startBlueskyApiFake();
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: { blueskyBaseUrl: bluesky.baseUrl, timeoutMs: 5000 },
    // Chat polls every 2 s.
    timeScale: 60,
    chatPollMs: 120_000,
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
  await bluesky.close();
});

/** A person whose agent answers on Bluesky with review on, and the Bluesky account it answers from. */
const answeringAgent = async () => {
  const { browser } = await signUpVerifiedUser(server);
  const account = bluesky.addAccount();
  const connected = await browser.post('/api/connections/credentials', {
    platform: 'bluesky',
    handle: account.handle,
    app_password: account.appPassword,
  });
  expect(connected.status).toBe(200);
  const agent = (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({
        name: 'Inbox Agent',
        activities: ['chat'],
        review_before_posting: true,
        chat_configuration: { clients: ['bluesky'], enabled: true, reply_to_replies: true, reply_to_usernames: [] },
      }),
    ),
  )) as Agent;
  const inbox = async (query = '') => (await readJson(await browser.get(`/api/inbox${query}`))) as InboxPage;
  const items = async (query = '') => (await inbox(query)).conversations.flatMap((c) => c.items);
  const itemFor = async (text: string) => (await items()).find((item) => item.text.includes(text));
  return { browser, account, agent, inbox, items, itemFor };
};

const repliesTo = (uri: string) =>
  bluesky.posts.filter((post) => (post.value.reply as { parent?: { uri?: string } } | undefined)?.parent?.uri === uri);

describe('the Inbox', () => {
  it('lists each message with its drafted answer, sends one as edited and ignores another, never answering twice', async () => {
    const { browser, account, agent, inbox, itemFor } = await answeringAgent();
    const fan = bluesky.addAccount({ handle: `curious-${randomUUID().slice(0, 6)}.bsky.social` });
    const asked = bluesky.seedPost(fan, { text: `@${account.handle} which model first?`, mentions: [account] });
    const other = bluesky.seedPost(fan, { text: `@${account.handle} and which GPU?`, mentions: [account] });

    await expect.poll(async () => (await inbox('?state=waiting')).counts.waiting, { timeout: 20_000 }).toBe(2);
    const page = await inbox();
    expect(page.waiting_conversations).toBe(2);
    const question = (await itemFor('which model first?'))!;
    expect(question).toMatchObject({
      agent: { id: agent.id, name: 'Inbox Agent' },
      platform: 'bluesky',
      state: 'waiting',
      author: { handle: fan.handle, url: `https://bsky.app/profile/${fan.handle}` },
      answer: { status: 'draft', by_person: false },
      reason: null,
    });
    expect(question.url).toMatch(/^https:\/\/bsky\.app\/profile\/.+\/post\//);
    expect(question.answer?.text).toContain('Start with a small open model');

    // "Send" with the person's edit: that text goes out, in the question's thread.
    const sent = await browser.post(`/api/inbox/${question.id}/send`, { text: 'Try a 7B model first, then measure.' });
    expect(sent.status).toBe(200);
    expect(((await readJson(sent)) as InboxItem).state).toBe('answered');
    await expect
      .poll(() => repliesTo(asked.uri).map((post) => post.value.text), { timeout: 20_000 })
      .toEqual(['Try a 7B model first, then measure.']);
    await expect.poll(async () => (await itemFor('which model first?'))?.answer?.status).toBe('sent');
    // Nothing is answered twice.
    const again = await browser.post(`/api/inbox/${question.id}/send`, { text: 'Once more' });
    expect(again.status).toBe(409);
    expect(((await readJson(again)) as { message: string }).message).toBe(INBOX_MESSAGES.alreadyAnswered);

    // "Ignore": the other draft is never sent, and the Inbox says who decided.
    const ignored = await browser.post(`/api/inbox/${(await itemFor('which GPU?'))!.id}/ignore`);
    expect(ignored.status).toBe(200);
    expect((await readJson(ignored)) as InboxItem).toMatchObject({
      state: 'ignored',
      answer: null,
      reason: INBOX_MESSAGES.ignoredByYou,
    });
    const counts = (await inbox()).counts;
    expect(counts).toMatchObject({ waiting: 0, answered: 1, ignored: 1 });
    expect((await inbox()).waiting_conversations).toBe(0);
    expect(repliesTo(other.uri)).toHaveLength(0);
  });

  it('blocks an author: the agent never answers them again, and a person can still reply themselves', async () => {
    const { browser, account, agent, inbox, itemFor } = await answeringAgent();
    const pest = bluesky.addAccount({ handle: `pest-${randomUUID().slice(0, 6)}.bsky.social` });
    bluesky.seedPost(pest, { text: `@${account.handle} follow me back`, mentions: [account] });
    await expect.poll(async () => (await itemFor('follow me back'))?.state, { timeout: 20_000 }).toBe('waiting');

    const blocked = await browser.post(`/api/inbox/${(await itemFor('follow me back'))!.id}/block-author`);
    expect(blocked.status).toBe(200);
    expect(await readJson(blocked)).toMatchObject({
      item: { state: 'ignored' },
      message: INBOX_MESSAGES.blocked(`@${pest.handle}`, 'Inbox Agent'),
    });
    const saved = (await readJson(await browser.get(`/api/agents/${agent.id}`))) as Agent;
    expect(saved.reply_guards.block_list).toEqual([pest.handle]);

    // Their next message is held back by the block-list, and says so.
    const next = bluesky.seedPost(pest, { text: `@${account.handle} hello again`, mentions: [account] });
    await expect
      .poll(async () => (await itemFor('hello again'))?.reason, { timeout: 20_000 })
      .toBe(REPLY_SKIP_REASONS.blocked);
    expect((await itemFor('hello again'))?.state).toBe('ignored');

    // "Reply yourself": the person's own words go out from the agent's account, once.
    const held = (await itemFor('hello again'))!;
    const empty = await browser.post(`/api/inbox/${held.id}/send`, {});
    expect(empty.status).toBe(400);
    expect(((await readJson(empty)) as { message: string }).message).toBe(INBOX_MESSAGES.textRequired);
    const own = await browser.post(`/api/inbox/${held.id}/send`, { text: 'Thanks, we are all set.' });
    expect(own.status).toBe(200);
    expect((await readJson(own)) as InboxItem).toMatchObject({
      state: 'answered',
      answer: { text: 'Thanks, we are all set.', by_person: true },
    });
    await expect
      .poll(() => repliesTo(next.uri).map((post) => post.value.text), { timeout: 20_000 })
      .toEqual(['Thanks, we are all set.']);
    expect((await inbox('?state=answered')).conversations.flatMap((c) => c.items).map((item) => item.id)).toEqual([
      held.id,
    ]);
  });

  it('never drafts an answer whose author was blocked while the agent was writing it', async () => {
    const { browser, account, itemFor } = await answeringAgent();
    const pest = bluesky.addAccount({ handle: `hasty-${randomUUID().slice(0, 6)}.bsky.social` });
    // The model takes 3 s over this answer: the author is blocked meanwhile.
    llm.enqueue({ content: 'A slow answer. {varied}', delayMs: 3000 });
    const asked = bluesky.seedPost(pest, { text: `@${account.handle} are you there?`, mentions: [account] });
    await expect.poll(() => llm.queued(), { timeout: 20_000 }).toBe(0);
    const writing = (await itemFor('are you there?'))!;
    expect(writing.answer?.status).toBe('writing');

    expect((await browser.post(`/api/inbox/${writing.id}/block-author`)).status).toBe(200);
    await expect
      .poll(async () => (await itemFor('are you there?'))?.reason, { timeout: 20_000 })
      .toBe(REPLY_SKIP_REASONS.blocked);
    expect(await itemFor('are you there?')).toMatchObject({ state: 'ignored', answer: null });
    expect(repliesTo(asked.uri)).toHaveLength(0);
  });

  it('filters, refuses what it cannot do with a sentence, and keeps each person’s messages to them', async () => {
    const { browser, account, inbox, itemFor } = await answeringAgent();
    const fan = bluesky.addAccount({ handle: `fan-${randomUUID().slice(0, 6)}.bsky.social` });
    bluesky.seedPost(fan, { text: `@${account.handle} a question`, mentions: [account] });
    await expect.poll(async () => (await itemFor('a question'))?.state, { timeout: 20_000 }).toBe('waiting');
    const item = (await itemFor('a question'))!;

    // "Regenerate": another answer becomes the draft.
    const regenerated = await browser.post(`/api/inbox/${item.id}/regenerate`);
    expect(regenerated.status).toBe(200);
    const redrafted = (await readJson(regenerated)) as InboxItem;
    expect(redrafted.answer).toMatchObject({ status: 'draft' });
    expect(redrafted.answer?.text).not.toBe(item.answer?.text);

    expect((await inbox('?platform=bluesky')).counts.waiting).toBe(1);
    expect((await inbox('?platform=x')).counts.waiting).toBe(0);
    expect((await inbox('?state=answered')).conversations).toEqual([]);
    const wrongPlatform = await browser.get('/api/inbox?platform=myspace');
    expect(wrongPlatform.status).toBe(400);
    const wrongCursor = await browser.get('/api/inbox?before=yesterday');
    expect(wrongCursor.status).toBe(400);
    expect((await browser.get(`/api/inbox?agent_id=${randomUUID()}`)).status).toBe(404);
    expect((await browser.post(`/api/inbox/${randomUUID()}/ignore`)).status).toBe(404);

    // Someone else sees none of it and can do nothing to it.
    const stranger = (await signUpVerifiedUser(server)).browser;
    expect(((await readJson(await stranger.get('/api/inbox'))) as InboxPage).conversations).toEqual([]);
    expect((await stranger.post(`/api/inbox/${item.id}/send`, { text: 'hijack' })).status).toBe(404);
    expect((await stranger.post(`/api/inbox/${item.id}/block-author`)).status).toBe(404);
    expect((await itemFor('a question'))?.state).toBe('waiting');

    await browser.post(`/api/inbox/${item.id}/send`, {});
    const late = await browser.post(`/api/inbox/${item.id}/regenerate`);
    expect(late.status).toBe(409);
    expect(((await readJson(late)) as { message: string }).message).toBe(INBOX_MESSAGES.notADraft);
  });
});
