import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoThreadBreaks, threadBreakCandidates, threadPosts } from '@agentcast/contracts/x-thread';
import { platformCall } from '@agentcast/db/schema/costs';
import { delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { publishDelivery } from './publish-delivery.ts';
import {
  access,
  connectX,
  moveClockPast,
  publishing,
  readyDelivery,
  setUpPublishing,
} from './publish-delivery-fixture.ts';

setUpPublishing();

describe('an X thread (a text longer than one X post, for an agent that allows threads)', () => {
  /** Five sentences of about 115 characters: three posts, split between sentences. */
  const threadText = () => {
    const tag = randomUUID().slice(0, 8);
    return Array.from(
      { length: 5 },
      (_, index) =>
        `Point ${index + 1} of thread ${tag} says something worth reading about agents that publish on their own.`,
    ).join(' ');
  };
  const threadOf = (tag: string) => publishing.x.posts.filter((post) => post.text.includes(tag));

  it('is published as a numbered reply chain, each part once, with the first post’s link', async () => {
    connectX();
    const text = threadText();
    const { deliveryId, runId } = await readyDelivery('x', { text });

    const done = await publishDelivery(publishing.services, { deliveryId });

    const posts = threadOf(text.slice(20, 35));
    expect(posts.map((post) => post.text)).toEqual(threadPosts(text, autoThreadBreaks(text)));
    expect(posts.map((post) => post.text.slice(-4))).toEqual([' 1/3', ' 2/3', ' 3/3']);
    expect(posts[0]?.inReplyToPostId).toBeUndefined();
    expect(posts[1]?.inReplyToPostId).toBe(posts[0]?.id);
    expect(posts[2]?.inReplyToPostId).toBe(posts[1]?.id);
    expect(done).toMatchObject({ status: 'posted', externalId: posts[0]?.id, threadLength: 3, attempts: 1 });
    expect(done?.threadPosts.map((post) => post.postId)).toEqual(posts.map((post) => post.id));
    const [entry] = await publishing.database.db.select().from(terminalMessage).where(eq(terminalMessage.runId, runId));
    expect(entry?.deliveries).toContainEqual(
      expect.objectContaining({ platform: 'x', status: 'posted', thread_length: 3, thread_posted: 3 }),
    );
    // X bills each post of the thread.
    const calls = await publishing.database.db
      .select()
      .from(platformCall)
      .where(eq(platformCall.agentId, done!.agentId));
    expect(calls.map((call) => call.resourceId).sort()).toEqual(posts.map((post) => post.id).sort());
  });

  it('resumes after a failure between parts where it stopped, replying to the last part posted', async () => {
    connectX();
    const text = threadText();
    const { deliveryId } = await readyDelivery('x', { text });
    publishing.x.failNext('POST /2/tweets', { status: 503, times: 1 });
    const expected = threadPosts(text, autoThreadBreaks(text));
    // The first part is on X from an earlier pass; the failure hits the second.
    const first = publishing.x.seedPost({
      authorId: (access.get('x') as { credentials: { accountId: string } }).credentials.accountId,
      text: expected[0]!,
    });
    await publishing.database.db
      .update(delivery)
      .set({
        threadPosts: [{ postId: first.id, url: `https://x.com/i/status/${first.id}` }],
        threadLength: 3,
      })
      .where(eq(delivery.id, deliveryId));

    const waiting = await publishDelivery(publishing.services, { deliveryId });
    expect(waiting).toMatchObject({ status: 'ready' });
    expect(waiting?.error).toMatch(/^The thread stopped after 1 of its 3 posts: /);
    moveClockPast(waiting?.nextAttemptAt);

    const done = await publishDelivery(publishing.services, { deliveryId });
    expect(done).toMatchObject({ status: 'posted', externalId: first.id });
    const posts = threadOf(text.slice(20, 35));
    expect(posts.map((post) => post.text)).toEqual(expected);
    expect(posts[1]?.inReplyToPostId).toBe(first.id);
    expect(posts[2]?.inReplyToPostId).toBe(posts[1]?.id);
  });

  it('after a worker died posting a part, finds that part on X and posts only the rest', async () => {
    const account = connectX();
    const text = threadText();
    const { deliveryId } = await readyDelivery('x', { text });
    const expected = threadPosts(text, autoThreadBreaks(text));
    // The dead worker had posted part 1, committed part 2's `posting`, sent it, and died before the answer.
    const startedAt = new Date(Date.now() - 10_000);
    const first = publishing.x.seedPost({
      authorId: account.id,
      text: expected[0]!,
      createdAt: new Date(startedAt.getTime() - 500),
    });
    const second = publishing.x.seedPost({
      authorId: account.id,
      text: expected[1]!,
      inReplyToPostId: first.id,
      createdAt: new Date(startedAt.getTime() + 500),
    });
    await publishing.database.db
      .update(delivery)
      .set({
        status: 'posting',
        attempts: 1,
        threadLength: 3,
        threadPosts: [{ postId: first.id, url: `https://x.com/i/status/${first.id}` }],
        postingStartedAt: startedAt,
        leaseUntil: new Date(Date.now() - 1000),
      })
      .where(eq(delivery.id, deliveryId));

    const done = await publishDelivery(publishing.services, { deliveryId });

    expect(done).toMatchObject({ status: 'posted', externalId: first.id });
    expect(done?.threadPosts.map((post) => post.postId).slice(0, 2)).toEqual([first.id, second.id]);
    const posts = threadOf(text.slice(20, 35));
    expect(posts.map((post) => post.text)).toEqual(expected);
    expect(posts[2]?.inReplyToPostId).toBe(second.id);
  });

  it('follows the split points a person chose', async () => {
    connectX();
    const text = threadText();
    const breaks = threadBreakCandidates(text);
    const chosen = [breaks[0]!, breaks[2]!];
    const { deliveryId } = await readyDelivery('x', { text, threadBreaks: chosen });

    await publishDelivery(publishing.services, { deliveryId });

    expect(threadOf(text.slice(20, 35)).map((post) => post.text)).toEqual(threadPosts(text, chosen));
  });

  it('is not started when its posts together would pass the agent’s monthly budget', async () => {
    connectX();
    const text = threadText();
    const { deliveryId } = await readyDelivery('x', { text, monthlyBudgetUsd: 0.04 });

    const refused = await publishDelivery(publishing.services, { deliveryId });

    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused?.error).toMatch(/the thread's 3 posts cost \$0\.045/);
    expect(threadOf(text.slice(20, 35))).toHaveLength(0);
  });
});
