import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startMastodonApiFake,
  type MastodonApiFake,
  type MastodonFakeAccount,
} from '@agentcast/test-fakes/mastodon-api-fake';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';
import { createMastodonPlatform } from './mastodon-platform.ts';

let fake: MastodonApiFake;
let account: MastodonFakeAccount;
let credentials: PlatformCredentials;

const NOTIFICATIONS = 'GET /api/v1/notifications';

beforeAll(async () => {
  fake = await startMastodonApiFake({ instanceName: 'social.example' });
});
afterAll(() => fake.close());
beforeEach(() => {
  account = fake.addAccount({ username: `agent${Math.random().toString(36).slice(2, 8)}` });
  credentials = { accessToken: account.token, accountId: account.id, serviceUrl: fake.baseUrl };
});

const mastodon = () => createMastodonPlatform({ timeoutMs: 2000, mediaPollIntervalMs: 0 });

describe('finding the Mastodon statuses that mention the account', () => {
  it('finds mentions and replies that name it, oldest first, in plain text; the next look only newer ones', async () => {
    const fan = fake.addAccount({ username: `fan${Math.random().toString(36).slice(2, 8)}` });
    const own = await mastodon().publish(credentials, { text: 'Small models win.' });
    const mention = fake.seedStatus(fan, { text: `@${account.username} what about agents & tools?` });
    const reply = fake.seedStatus(fan, { text: `@${account.username} agreed`, inReplyToId: own.postId });
    fake.seedStatus(fan, { text: 'Talking to nobody in particular.' });

    const first = await mastodon().findMentions(credentials, {});
    expect(first.posts).toEqual([
      {
        postId: mention.id,
        url: `${fake.baseUrl}/@${fan.username}/${mention.id}`,
        text: `@${account.username} what about agents & tools?`,
        authorId: fan.id,
        authorUsername: fan.username,
        authorName: fan.displayName,
        authorUrl: `${fake.baseUrl}/@${fan.username}`,
        conversationId: mention.id,
        createdAt: mention.createdAt,
        isReply: false,
      },
      expect.objectContaining({ postId: reply.id, isReply: true, inReplyToPostId: own.postId }),
    ]);
    const asked = new URL(fake.requestsTo(NOTIFICATIONS).at(-1)!.url, fake.baseUrl).searchParams;
    expect(asked.getAll('types[]')).toEqual(['mention']);

    expect((await mastodon().findMentions(credentials, { sinceId: first.newestId })).posts).toEqual([]);
    const later = fake.seedStatus(fan, { text: `@${account.username} one more` });
    const second = await mastodon().findMentions(credentials, { sinceId: first.newestId });
    expect(second.posts.map((post) => post.postId)).toEqual([later.id]);
    expect(new URL(fake.requestsTo(NOTIFICATIONS).at(-1)!.url, fake.baseUrl).searchParams.get('min_id')).toBe(
      first.newestId,
    );
  });

  it('reads the conversation above a status, oldest first, up to the limit', async () => {
    const fan = fake.addAccount({ username: `talker${Math.random().toString(36).slice(2, 8)}` });
    const root = fake.seedStatus(fan, { text: `@${account.username} root question` });
    const answer = await mastodon().publish(credentials, { text: 'First answer', replyToPostId: root.id });
    const followUp = fake.seedStatus(fan, { text: `@${account.username} follow-up`, inReplyToId: answer.postId });
    expect(await mastodon().findThread!(credentials, followUp.id, 10)).toEqual([
      { authorUsername: fan.username, text: `@${account.username} root question` },
      { authorUsername: account.username, text: 'First answer' },
    ]);
    expect(await mastodon().findThread!(credentials, followUp.id, 1)).toEqual([
      { authorUsername: account.username, text: 'First answer' },
    ]);
  });

  it('after a long pause, pages forward from where it stopped instead of skipping to the newest', async () => {
    const fan = fake.addAccount({ username: `crowd${Math.random().toString(36).slice(2, 8)}` });
    fake.seedStatus(fan, { text: `@${account.username} first` });
    const { newestId } = await mastodon().findMentions(credentials, {});
    const missed = Array.from({ length: 95 }, (_, index) =>
      fake.seedStatus(fan, { text: `@${account.username} question ${index}` }),
    );
    const caughtUp = await mastodon().findMentions(credentials, { sinceId: newestId });
    expect(caughtUp.posts.map((post) => post.postId)).toEqual(missed.map((status) => status.id));
  });

  it('a first look reads back to its start, past the newest page, and no further', async () => {
    const fan = fake.addAccount({ username: `burst${Math.random().toString(36).slice(2, 8)}` });
    const burst = Array.from({ length: 55 }, (_, index) =>
      fake.seedStatus(fan, { text: `@${account.username} q${index}` }),
    );
    const first = await mastodon().findMentions(credentials, { notBefore: new Date(Date.now() - 60_000) });
    expect(first.posts.map((post) => post.postId)).toEqual(burst.map((status) => status.id));
    const later = await mastodon().findMentions(credentials, { notBefore: new Date(Date.now() + 60_000) });
    expect(later.posts).toEqual([]);
  });

  it('a revoked token says to reconnect; a failing instance is transient', async () => {
    fake.failNext(NOTIFICATIONS, { status: 503 });
    expect(await failure(mastodon().findMentions(credentials, {}))).toMatchObject({ kind: 'transient' });
    expect(await failure(mastodon().findMentions({ ...credentials, accessToken: 'revoked' }, {}))).toMatchObject({
      kind: 'permanent',
      reason: 'reconnect_required',
    });
  });
});
