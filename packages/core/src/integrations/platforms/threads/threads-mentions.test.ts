import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startThreadsApiFake, type ThreadsAccount, type ThreadsApiFake } from '@agentcast/test-fakes/threads-api-fake';
import { createThreadsPlatform } from './threads-platform.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: ThreadsApiFake;
let account: ThreadsAccount;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startThreadsApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  account = fake.addAccount();
  credentials = { accessToken: account.token, accountId: account.id };
  fake.settings.conversationPageSize = 25;
});

const threads = () => createThreadsPlatform({ baseUrl: fake.baseUrl, timeoutMs: 2000, containerPollIntervalMs: 10 });
const CONVERSATION = 'GET /v1.0/:node/conversation';
const secondsAgo = (seconds: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - seconds * 1000);
const idsOf = (page: { posts: { postId: string }[] }) => page.posts.map((post) => post.postId);

describe("finding the replies to the account's Threads posts", () => {
  it('finds what people replied, oldest first, as posts to answer; not its own replies nor hidden ones', async () => {
    const own = await threads().publish(credentials, { text: 'Small models win.' });
    const firstAt = secondsAgo(30);
    const first = fake.reply({ to: own.postId, text: 'Agreed, mostly.', username: 'fan_one', at: firstAt });
    const second = fake.reply({ to: first.id, text: 'Mostly?', username: 'fan_two', at: secondsAgo(20) });
    await threads().publish(credentials, { text: 'Thanks!', replyToPostId: first.id });
    fake.reply({ to: own.postId, text: 'Spam', username: 'spammer', at: secondsAgo(10), hideStatus: 'HIDDEN' });

    const page = await threads().findMentions(credentials, {});
    expect(page.posts).toEqual([
      {
        postId: first.id,
        url: first.permalink,
        text: 'Agreed, mostly.',
        authorId: 'fan_one',
        authorUsername: 'fan_one',
        authorUrl: 'https://www.threads.net/@fan_one',
        conversationId: own.postId,
        createdAt: firstAt,
        isReply: true,
        inReplyToPostId: own.postId,
        inReplyToUserId: account.id,
      },
      expect.objectContaining({
        postId: second.id,
        conversationId: own.postId,
        inReplyToPostId: first.id,
        inReplyToUserId: 'fan_one',
      }),
    ]);
    const [request] = fake.requestsTo(CONVERSATION).slice(-1);
    expect(request?.path).toBe(`/v1.0/${own.postId}/conversation`);
    expect(request?.query).toMatchObject({ reverse: 'true' });
    expect(request?.query.fields).toContain('id,text,username,permalink,timestamp,root_post,replied_to,is_reply');
    expect(request?.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);

    expect((await threads().findMentions(credentials, { sinceId: page.newestId })).posts).toEqual([]);
    const later = fake.reply({ to: own.postId, text: 'One more thing', username: 'fan_one' });
    const next = await threads().findMentions(credentials, { sinceId: page.newestId });
    expect(idsOf(next)).toEqual([later.id]);
    expect(next.newestId).not.toBe(page.newestId);
  });

  it('meets replies of the same second apart: a later look skips only the ones already seen', async () => {
    const own = await threads().publish(credentials, { text: 'Busy second' });
    const at = secondsAgo(5);
    const seen = fake.reply({ to: own.postId, text: 'First in', username: 'quick_one', at });
    const page = await threads().findMentions(credentials, {});
    expect(idsOf(page)).toEqual([seen.id]);
    const sameSecond = fake.reply({ to: own.postId, text: 'Same second', username: 'quick_two', at });
    expect(idsOf(await threads().findMentions(credentials, { sinceId: page.newestId }))).toEqual([sameSecond.id]);
  });

  it('on a first look, reads back to notBefore only', async () => {
    const own = await threads().publish(credentials, { text: 'Old and new' });
    fake.reply({ to: own.postId, text: 'Long ago', username: 'early_bird', at: secondsAgo(3600) });
    const recent = fake.reply({ to: own.postId, text: 'Just now', username: 'late_bird', at: secondsAgo(60) });
    const page = await threads().findMentions(credentials, { notBefore: secondsAgo(600) });
    expect(idsOf(page)).toEqual([recent.id]);
  });

  it('after a long pause, reads each conversation back page by page to where it stopped', async () => {
    fake.settings.conversationPageSize = 5;
    const own = await threads().publish(credentials, { text: 'Ask me anything' });
    const other = await threads().publish(credentials, { text: 'Another post' });
    fake.reply({ to: own.postId, text: 'First', username: 'asker_0', at: secondsAgo(100) });
    const { newestId } = await threads().findMentions(credentials, {});
    const missed = Array.from({ length: 12 }, (_, index) =>
      fake.reply({
        to: index % 3 ? own.postId : other.postId,
        text: `Q${index}`,
        username: `asker_${index}`,
        at: secondsAgo(90 - index),
      }),
    );
    const before = fake.requestsTo(CONVERSATION).length;
    const caughtUp = await threads().findMentions(credentials, { sinceId: newestId });
    expect(idsOf(caughtUp)).toEqual(missed.map((reply) => reply.id));
    const reads = fake.requestsTo(CONVERSATION).slice(before);
    expect(reads.filter((request) => request.query.after !== undefined).length).toBeGreaterThan(0);
  });

  it('reads the conversation above a reply, oldest first, up to the limit', async () => {
    const root = await threads().publish(credentials, { text: 'Root question' });
    const fan = fake.reply({ to: root.postId, text: 'A reply', username: 'talker' });
    const answer = await threads().publish(credentials, { text: 'An answer', replyToPostId: fan.id });
    const followUp = fake.reply({ to: answer.postId, text: 'Follow-up', username: 'talker' });
    expect(await threads().findThread!(credentials, followUp.id, 10)).toEqual([
      { authorUsername: account.username, text: 'Root question' },
      { authorUsername: 'talker', text: 'A reply' },
      { authorUsername: account.username, text: 'An answer' },
    ]);
    expect(await threads().findThread!(credentials, followUp.id, 1)).toEqual([
      { authorUsername: account.username, text: 'An answer' },
    ]);
    expect(await threads().findThread!(credentials, root.postId, 10)).toEqual([]);
  });

  it('a revoked token says to reconnect; a failing Threads is transient', async () => {
    await threads().publish(credentials, { text: 'Anyone?' });
    fake.failNext(CONVERSATION, { status: 503 });
    expect(await failure(threads().findMentions(credentials, {}))).toMatchObject({ kind: 'transient' });
    const revoked = { ...credentials, accessToken: 'revoked' };
    expect(await failure(threads().findMentions(revoked, {}))).toMatchObject({ reason: 'reconnect_required' });
  });
});
