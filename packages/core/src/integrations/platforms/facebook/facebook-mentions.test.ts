import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFacebookApiFake,
  type FacebookApiFake,
  type FacebookFakePage,
} from '@agentcast/test-fakes/facebook-api-fake';
import { connectPage, facebookAgainst, ROUTES } from './facebook-test-kit.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: FacebookApiFake;
let page: FacebookFakePage;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startFacebookApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  ({ page, credentials } = connectPage(fake, 'Agentcast Team'));
});

const facebook = () => facebookAgainst(fake);
const alice = { id: '10000000000001', name: 'Alice Example' };
const bob = { id: '10000000000002', name: 'Bob Example' };
const DAY = 86_400_000;

describe('finding what people wrote to the Page', () => {
  it('answers others’ comments on its recent posts, oldest first, and skips its own and old posts', async () => {
    const post = fake.addPost(page.id, 'Small models win.');
    const old = fake.addPost(page.id, 'Last month', new Date(Date.now() - 30 * DAY));
    fake.addComment({ on: old.id, message: 'On a post past the week', from: alice });
    const question = fake.addComment({ on: post.id, message: 'Which ones?', from: alice });
    const answer = await facebook().publish(credentials, { text: 'The distilled ones.', replyToPostId: question.id });
    const followUp = fake.addComment({ on: question.id, message: 'Thanks!', from: bob });

    const first = await facebook().findMentions(credentials, {});

    expect(first.posts).toEqual([
      {
        postId: question.id,
        url: question.permalink_url,
        text: 'Which ones?',
        authorId: alice.id,
        authorUsername: 'Alice Example',
        authorName: 'Alice Example',
        conversationId: post.id,
        createdAt: new Date(Date.parse(question.created_time)),
        isReply: true,
        inReplyToPostId: post.id,
        inReplyToUserId: page.id,
      },
      expect.objectContaining({
        postId: followUp.id,
        isReply: true,
        inReplyToPostId: question.id,
        inReplyToUserId: alice.id,
        conversationId: post.id,
      }),
    ]);
    expect(first.posts.some((item) => item.postId === answer.postId)).toBe(false);
    expect(first.newestId).toBe(`${followUp.created_time}|${followUp.id}`);
    const read = fake.requestsTo(ROUTES.comments).at(-1);
    expect(read?.path).toBe(`/v27.0/${post.id}/comments`);
    expect(read?.query).toMatchObject({
      filter: 'stream',
      order: 'reverse_chronological',
      fields: 'id,message,from{id,name},created_time,permalink_url,parent{id}',
    });
    expect(read?.headers.authorization).toBe(`Bearer ${page.token}`);

    expect(await facebook().findMentions(credentials, { sinceId: first.newestId })).toEqual({
      posts: [],
      newestId: first.newestId,
    });
    const later = fake.addComment({ on: post.id, message: 'One more thing', from: bob });
    const second = await facebook().findMentions(credentials, { sinceId: first.newestId });
    expect(second.posts.map((item) => item.postId)).toEqual([later.id]);
    expect(second.newestId).toBe(`${later.created_time}|${later.id}`);
  });

  it('on a first look reads back to notBefore only', async () => {
    const post = fake.addPost(page.id, 'Morning post', new Date(Date.now() - 2 * 3_600_000));
    fake.addComment({ on: post.id, message: 'Old news', from: alice, at: new Date(Date.now() - 3_600_000) });
    // Through the fake's HTTP helper, as a browser test adds one.
    const response = await fetch(`${fake.baseUrl}/__fake/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: post.id, message: 'Just now', from: bob }),
    });
    const fresh = (await response.json()) as { id: string };
    const found = await facebook().findMentions(credentials, { notBefore: new Date(Date.now() - 10 * 60_000) });
    expect(found.posts.map((item) => item.postId)).toEqual([fresh.id]);
  });

  it('after a long pause reads back page by page, over every recent post, to where it stopped', async () => {
    const [older, newer] = [fake.addPost(page.id, 'One'), fake.addPost(page.id, 'Two')];
    fake.addComment({ on: older.id, message: 'Seen', from: alice });
    const { newestId } = await facebook().findMentions(credentials, {});
    const missed = Array.from({ length: 130 }, (_, index) =>
      fake.addComment({ on: index % 2 ? older.id : newer.id, message: `Question ${index}`, from: bob }),
    );
    const caughtUp = await facebook().findMentions(credentials, { sinceId: newestId });
    expect(caughtUp.posts.map((item) => item.postId)).toEqual(missed.map((comment) => comment.id));
  });

  it('a refused Page token asks to reconnect; a failing Graph is transient', async () => {
    fake.addPost(page.id, 'Anything');
    fake.failNext(ROUTES.comments, { status: 503 });
    expect(await failure(facebook().findMentions(credentials, {}))).toMatchObject({ kind: 'transient' });
    expect(await failure(facebook().findMentions({ ...credentials, accessToken: 'revoked' }, {}))).toMatchObject({
      kind: 'permanent',
      reason: 'reconnect_required',
    });
  });
});

describe('reading the conversation above a comment', () => {
  it('answers the Page’s post, then the comments above, oldest first, up to the limit', async () => {
    const post = fake.addPost(page.id, 'Root announcement');
    const question = fake.addComment({ on: post.id, message: 'Question', from: alice });
    const followUp = fake.addComment({ on: question.id, message: 'Follow-up', from: bob });

    expect(await facebook().findThread!(credentials, followUp.id, 10)).toEqual([
      { authorUsername: 'Agentcast Team', text: 'Root announcement' },
      { authorUsername: 'Alice Example', text: 'Question' },
    ]);
    expect(await facebook().findThread!(credentials, followUp.id, 1)).toEqual([
      { authorUsername: 'Alice Example', text: 'Question' },
    ]);
    expect(await facebook().findThread!(credentials, question.id, 10)).toEqual([
      { authorUsername: 'Agentcast Team', text: 'Root announcement' },
    ]);
  });
});
