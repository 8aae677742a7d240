import { describe, expect, it } from 'vitest';
import { NEYNAR_ROUTES } from '@agentcast/test-fakes/neynar-api-fake';
import { failure } from '../common/platform-test-kit.ts';
import { useFarcasterFixture } from './farcaster-test-fixture.ts';

const { fake, farcaster, approvedAccount } = useFarcasterFixture();
let nextFanFid = 90_000;
const fan = () => {
  nextFanFid += 1;
  return { fid: nextFanFid, username: `fan${nextFanFid}` };
};

describe('finding the Farcaster casts that address the account', () => {
  it('finds mentions and replies to its casts, oldest first; the next look only newer ones', async () => {
    const credentials = await approvedAccount();
    // approvedAccount names each account caster{fid}.
    const handle = `caster${credentials.accountId}`;
    const someone = fan();
    const own = await farcaster().publish(credentials, { text: 'Small models win.' });
    const mention = fake().seedCast(someone, { text: `@${handle} what about agents?` });
    const reply = fake().seedCast(someone, { text: 'Agreed, mostly.', parent: own.postId });
    fake().seedCast(someone, { text: 'Talking to nobody in particular.' });

    const first = await farcaster().findMentions(credentials, {});
    expect(first.posts).toEqual([
      {
        postId: mention.hash,
        url: `https://farcaster.xyz/${someone.username}/${mention.hash.slice(0, 10)}`,
        text: `@${handle} what about agents?`,
        authorId: String(someone.fid),
        authorUsername: someone.username,
        authorName: someone.username,
        authorUrl: `https://farcaster.xyz/${someone.username}`,
        conversationId: mention.hash,
        createdAt: new Date(mention.timestamp),
        isReply: false,
      },
      expect.objectContaining({ postId: reply.hash, isReply: true, inReplyToPostId: own.postId }),
    ]);
    const asked = fake().requestsTo(NEYNAR_ROUTES.notifications).at(-1);
    expect(asked?.query).toMatchObject({ fid: credentials.accountId, type: 'mentions,replies' });

    expect((await farcaster().findMentions(credentials, { sinceId: first.newestId })).posts).toEqual([]);
    const later = fake().seedCast(someone, { text: `@${handle} one more` });
    const second = await farcaster().findMentions(credentials, { sinceId: first.newestId });
    expect(second.posts.map((post) => post.postId)).toEqual([later.hash]);
  });

  it('reads the conversation above a cast, oldest first, up to the limit', async () => {
    const credentials = await approvedAccount();
    const someone = fan();
    const root = fake().seedCast(someone, { text: `@caster${credentials.accountId} root question` });
    const answer = await farcaster().publish(credentials, { text: 'First answer', replyToPostId: root.hash });
    const followUp = fake().seedCast(someone, { text: 'Follow-up', parent: answer.postId });
    expect(await farcaster().findThread!(credentials, followUp.hash, 10)).toEqual([
      { authorUsername: someone.username, text: `@caster${credentials.accountId} root question` },
      { authorUsername: `caster${credentials.accountId}`, text: 'First answer' },
    ]);
    expect(await farcaster().findThread!(credentials, followUp.hash, 1)).toEqual([
      { authorUsername: `caster${credentials.accountId}`, text: 'First answer' },
    ]);
  });

  it('after a long pause, reads back page by page to where it stopped', async () => {
    const credentials = await approvedAccount();
    const handle = `caster${credentials.accountId}`;
    const someone = fan();
    fake().seedCast(someone, { text: `@${handle} first` });
    const { newestId } = await farcaster().findMentions(credentials, {});
    const missed = Array.from({ length: 60 }, (_, index) =>
      fake().seedCast(someone, { text: `@${handle} question ${index}` }),
    );
    const caughtUp = await farcaster().findMentions(credentials, { sinceId: newestId });
    expect(caughtUp.posts.map((post) => post.postId)).toEqual(missed.map((cast) => cast.hash));
  });

  it('a first look reads back to its start, past Neynar’s first page, and no further', async () => {
    const credentials = await approvedAccount();
    const handle = `caster${credentials.accountId}`;
    const someone = fan();
    const burst = Array.from({ length: 40 }, (_, index) => fake().seedCast(someone, { text: `@${handle} q${index}` }));
    const first = await farcaster().findMentions(credentials, { notBefore: new Date(Date.now() - 60_000) });
    expect(first.posts.map((post) => post.postId)).toEqual(burst.map((cast) => cast.hash));
    const later = await farcaster().findMentions(credentials, { notBefore: new Date(Date.now() + 60_000) });
    expect(later.posts).toEqual([]);
  });

  it('a refused key names the operator’s key; a failing Neynar is transient', async () => {
    const credentials = await approvedAccount();
    fake().failNext(NEYNAR_ROUTES.notifications, { status: 502 });
    expect(await failure(farcaster().findMentions(credentials, {}))).toMatchObject({ kind: 'transient' });
    expect(await failure(farcaster({ apiKey: 'wrong' }).findMentions(credentials, {}))).toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
    });
  });
});
