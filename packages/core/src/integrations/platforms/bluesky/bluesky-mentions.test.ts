import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBlueskyApiFake, type BlueskyAccount, type BlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';
import { createBlueskyPlatform } from './bluesky-platform.ts';
import { createBlueskySession } from './bluesky-session.ts';

let fake: BlueskyApiFake;
let agentAccount: BlueskyAccount;
let credentials: PlatformCredentials;

const NOTIFICATIONS = 'GET /xrpc/app.bsky.notification.listNotifications';

beforeAll(async () => {
  fake = await startBlueskyApiFake();
});
afterAll(() => fake.close());
beforeEach(async () => {
  agentAccount = fake.addAccount();
  const session = await createBlueskySession({
    serviceUrl: fake.baseUrl,
    identifier: agentAccount.handle,
    password: agentAccount.appPassword,
    timeoutMs: 2000,
  });
  credentials = { accessToken: session.accessJwt, accountId: session.did, serviceUrl: session.serviceUrl };
});

const bluesky = () => createBlueskyPlatform({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });

describe('finding the Bluesky posts that address the account', () => {
  it('finds mentions and replies to its posts, oldest first, as posts to answer; the next look only newer ones', async () => {
    const fan = fake.addAccount({ handle: `fan-${Date.now()}.bsky.social` });
    const own = await bluesky().publish(credentials, { text: 'Small models win.' });
    const mention = fake.seedPost(fan, {
      text: `@${agentAccount.handle} what about agents?`,
      mentions: [agentAccount],
    });
    const reply = fake.seedPost(fan, { text: 'Agreed, mostly.', replyTo: own.postId });
    fake.seedPost(fan, { text: 'Talking to nobody in particular.' });

    const first = await bluesky().findMentions(credentials, {});
    expect(first.posts).toEqual([
      {
        postId: mention.uri,
        url: `https://bsky.app/profile/${fan.did}/post/${mention.rkey}`,
        text: `@${agentAccount.handle} what about agents?`,
        authorId: fan.did,
        authorUsername: fan.handle,
        authorName: expect.any(String),
        authorUrl: `https://bsky.app/profile/${fan.handle}`,
        conversationId: mention.uri,
        createdAt: new Date(String(mention.value.createdAt)),
        isReply: false,
      },
      expect.objectContaining({
        postId: reply.uri,
        isReply: true,
        inReplyToPostId: own.postId,
        inReplyToUserId: agentAccount.did,
        conversationId: own.postId,
      }),
    ]);
    expect(fake.requestsTo(NOTIFICATIONS).at(-1)?.url).toContain('reasons=mention&reasons=reply');

    expect((await bluesky().findMentions(credentials, { sinceId: first.newestId })).posts).toEqual([]);
    const later = fake.seedPost(fan, { text: `@${agentAccount.handle} one more`, mentions: [agentAccount] });
    const second = await bluesky().findMentions(credentials, { sinceId: first.newestId });
    expect(second.posts.map((post) => post.postId)).toEqual([later.uri]);
    expect(second.newestId).not.toBe(first.newestId);
  });

  it('reads the conversation above a reply, oldest first, up to the limit', async () => {
    const fan = fake.addAccount({ handle: `talker-${Date.now()}.bsky.social` });
    const root = fake.seedPost(fan, { text: 'Root question', mentions: [agentAccount] });
    const answer = await bluesky().publish(credentials, { text: 'First answer', replyToPostId: root.uri });
    const followUp = fake.seedPost(fan, { text: 'Follow-up', replyTo: answer.postId });
    expect(await bluesky().findThread!(credentials, followUp.uri, 10)).toEqual([
      { authorUsername: fan.handle, text: 'Root question' },
      { authorUsername: agentAccount.handle, text: 'First answer' },
    ]);
    expect(await bluesky().findThread!(credentials, followUp.uri, 1)).toEqual([
      { authorUsername: agentAccount.handle, text: 'First answer' },
    ]);
  });

  it('after a long pause, reads back page by page to where it stopped', async () => {
    const fan = fake.addAccount({ handle: `crowd-${Date.now()}.bsky.social` });
    fake.seedPost(fan, { text: `@${agentAccount.handle} first`, mentions: [agentAccount] });
    const { newestId } = await bluesky().findMentions(credentials, {});
    const missed = Array.from({ length: 130 }, (_, index) =>
      fake.seedPost(fan, { text: `@${agentAccount.handle} question ${index}`, mentions: [agentAccount] }),
    );
    const caughtUp = await bluesky().findMentions(credentials, { sinceId: newestId });
    expect(caughtUp.posts.map((post) => post.postId)).toEqual(missed.map((post) => post.uri));
  });

  it('a refused session says to reconnect; a failing AppView is transient', async () => {
    fake.failNext(NOTIFICATIONS, { status: 503 });
    expect(await failure(bluesky().findMentions(credentials, {}))).toMatchObject({ kind: 'transient' });
    fake.revokeSessions(agentAccount.did);
    expect(await failure(bluesky().findMentions(credentials, {}))).toMatchObject({
      kind: 'permanent',
      reason: 'reconnect_required',
    });
  });
});
