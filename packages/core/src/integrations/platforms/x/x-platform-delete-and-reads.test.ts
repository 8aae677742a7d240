import { describe, expect, it } from 'vitest';
import { useXPlatformFixture } from './x-platform-fixture.ts';

const t = useXPlatformFixture();

describe('deleting an X post', () => {
  it('sends DELETE /2/tweets/:id with the user access token, and the post leaves X', async () => {
    const post = await t.x().publish(t.credentials, { text: 'A post to take back' });
    const before = t.fake.requests.length;
    await t.x().deletePost(t.credentials, post.postId);

    expect(t.newRequests(before)).toEqual(['DELETE DELETE /2/tweets/:id']);
    const [request] = t.fake.requests.slice(before);
    expect(request?.url).toBe(`/2/tweets/${post.postId}`);
    expect(request?.headers.authorization).toBe(`Bearer ${t.agent.token}`);
    expect(request?.bodyBytes).toBe(0);
    expect(t.fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
    await expect(
      t.x().findRecentPost!(t.credentials, { text: 'A post to take back', since: new Date(Date.now() - 10_000) }),
    ).resolves.toBeNull();
  });

  it('a post already gone counts as deleted', async () => {
    const post = await t.x().publish(t.credentials, { text: 'Deleted twice' });
    await t.x().deletePost(t.credentials, post.postId);
    await expect(t.x().deletePost(t.credentials, post.postId)).resolves.toBeUndefined();
    expect(
      t.fake
        .requestsTo('DELETE /2/tweets/:id')
        .slice(-2)
        .map((request) => request.path),
    ).toEqual([`/2/tweets/${post.postId}`, `/2/tweets/${post.postId}`]);
  });

  it("another account's post: permanent, saying only its author can delete it, and the post stays", async () => {
    const other = t.fake.addUser({ username: `other${t.fake.users.length}` });
    const theirs = t.fake.seedPost({ authorId: other.id, text: 'Not yours to delete' });
    const error = await t.failure(t.x().deletePost(t.credentials, theirs.id));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(error.message).toBe(
      'X refused the request to delete the post (403: You are not allowed to delete a Tweet you did not create). Only the account that published a post can delete it: check that this post belongs to the connected X account.',
    );
    expect(t.fake.posts.some((post) => post.id === theirs.id)).toBe(true);
  });

  it('503: transient, the post stays, and a later attempt deletes it', async () => {
    const post = await t.x().publish(t.credentials, { text: 'X is down right now' });
    t.fake.failNext('DELETE /2/tweets/:id', { status: 503 });
    const error = await t.failure(t.x().deletePost(t.credentials, post.postId));
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 503,
      message: 'X failed on its side (503: Service Unavailable).',
    });
    expect(t.fake.posts.some((candidate) => candidate.id === post.postId)).toBe(true);
    await t.x().deletePost(t.credentials, post.postId);
    expect(t.fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
  });

  it('deleted, then the connection dropped: transient, and the retry resolves because the post is gone', async () => {
    const post = await t.x().publish(t.credentials, { text: 'Gone before the answer came' });
    t.fake.dropNext('DELETE /2/tweets/:id', { afterAccept: true });
    const error = await t.failure(t.x().deletePost(t.credentials, post.postId));
    expect(error).toMatchObject({ kind: 'transient', reason: 'connection_lost' });
    expect(t.fake.posts.some((candidate) => candidate.id === post.postId)).toBe(false);
    await expect(t.x().deletePost(t.credentials, post.postId)).resolves.toBeUndefined();
  });

  it('a revoked token: permanent, and the message says to reconnect', async () => {
    const post = await t.x().publish(t.credentials, { text: 'Kept while the token is revoked' });
    const error = await t.failure(t.x().deletePost({ ...t.credentials, accessToken: 'revoked-token' }, post.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toContain('Reconnect the X account');
  });

  it('an id that cannot be an X post is refused without calling X', async () => {
    const before = t.fake.requests.length;
    const error = await t.failure(t.x().deletePost(t.credentials, 'urn:li:share:1'));
    expect(error).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'X cannot delete "urn:li:share:1": X post ids are digits.',
    });
    expect(t.fake.requests.length).toBe(before);
  });
});

describe('what the replies loop reads from X', () => {
  it('finds mentions with their authors, conversations and whether each is a reply, then only newer ones', async () => {
    const fan = t.fake.addUser({ username: `fan${t.fake.users.length}` });
    const own = await t.x().publish(t.credentials, { text: 'An opinion worth discussing.' });
    const mention = t.fake.seedPost({ authorId: fan.id, text: `Hey @${t.agent.username}, thoughts on this?` });
    const reply = t.fake.seedPost({
      authorId: fan.id,
      text: `@${t.agent.username} I disagree & here is why`,
      inReplyToPostId: own.postId,
    });
    t.fake.seedPost({ authorId: fan.id, text: 'Nothing to do with the agent.' });

    const page = await t.x().findMentions(t.credentials, {});
    expect(page.posts.map(({ createdAt: _createdAt, ...post }) => post)).toEqual([
      {
        postId: mention.id,
        url: `https://x.com/${fan.username}/status/${mention.id}`,
        text: `Hey @${t.agent.username}, thoughts on this?`,
        authorId: fan.id,
        authorUsername: fan.username,
        authorName: fan.name,
        authorUrl: `https://x.com/${fan.username}`,
        conversationId: mention.id,
        isReply: false,
      },
      {
        postId: reply.id,
        url: `https://x.com/${fan.username}/status/${reply.id}`,
        text: `@${t.agent.username} I disagree & here is why`,
        authorId: fan.id,
        authorUsername: fan.username,
        authorName: fan.name,
        authorUrl: `https://x.com/${fan.username}`,
        conversationId: own.postId,
        isReply: true,
        inReplyToPostId: own.postId,
        inReplyToUserId: t.agent.id,
      },
    ]);
    expect(page.newestId).toBe(reply.id);
    const [request] = t.fake.requestsTo('GET /2/users/:id/mentions').slice(-1);
    expect(request?.query).toMatchObject({
      max_results: '100',
      'tweet.fields': 'author_id,conversation_id,created_at,in_reply_to_user_id,referenced_tweets',
      expansions: 'author_id',
      'user.fields': 'name,username',
    });

    const later = t.fake.seedPost({ authorId: fan.id, text: `One more for @${t.agent.username}` });
    const next = await t.x().findMentions(t.credentials, { sinceId: page.newestId });
    expect(next.posts.map((post) => post.postId)).toEqual([later.id]);
    await expect(t.x().findMentions(t.credentials, { sinceId: later.id })).resolves.toEqual({ posts: [] });
  });

  it("finds a user by username and reads that user's posts since an id", async () => {
    const expert = t.fake.addUser({ username: `expert${t.fake.users.length}`, name: 'The Expert' });
    const first = t.fake.seedPost({ authorId: expert.id, text: 'First insight' });
    const second = t.fake.seedPost({ authorId: expert.id, text: 'Second insight' });

    await expect(t.x().follows!.findUser(t.credentials, `@${expert.username}`)).resolves.toEqual({
      id: expert.id,
      username: expert.username,
      name: 'The Expert',
    });
    await expect(t.x().follows!.findUser(t.credentials, 'nobody_here')).resolves.toBeNull();
    await expect(t.x().follows!.findUser(t.credentials, 'not a username!')).resolves.toBeNull();

    const page = await t.x().follows!.findUserPosts(t.credentials, { userId: expert.id, sinceId: first.id });
    expect(page.posts.map((post) => [post.postId, post.text, post.authorUsername, post.isReply])).toEqual([
      [second.id, 'Second insight', expert.username, false],
    ]);
    expect(t.fake.requestsTo('GET /2/users/:id/tweets').at(-1)?.query).toMatchObject({
      since_id: first.id,
      exclude: 'retweets',
    });
  });
});
