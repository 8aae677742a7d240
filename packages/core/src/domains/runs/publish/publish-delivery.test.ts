import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { autoThreadBreaks, threadBreakCandidates, threadPosts } from '@agentcast/contracts/x-thread';
import { platformCall } from '@agentcast/db/schema/costs';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agentRun, delivery, type DeliveryRow, type RunMedia } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { startLinkedInApiFake, type LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { startXApiFake, type XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { createEventBus, type EventBus } from '../../../integrations/events/event-bus.ts';
import { createJobQueue, type JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import { createPlatforms } from '../../../integrations/platforms/create-platforms.ts';
import { createLocalStorageDriver } from '../../../integrations/storage/local-storage-driver.ts';
import { publishDelivery } from './publish-delivery.ts';
import type { PlatformAccess, PublishingServices } from './publishing-services.ts';

let database: DatabaseConnection;
let queue: JobQueue;
let events: EventBus;
let x: XApiFake;
let linkedin: LinkedInApiFake;
let services: PublishingServices;
/** What resolveAccess answers, per platform; tests change it. */
const access = new Map<string, PlatformAccess>();
const logger = pino({ level: 'silent' });
/**
 * How far the publishing clock (services.now) is ahead of the real one: a test moves it past a delivery's next
 * attempt instead of waiting for that time. Back to the real time after each test.
 */
let clockAheadMs = 0;
const moveClockPast = (at: Date | null | undefined) => {
  if (!at) throw new Error('no next attempt to move the clock past');
  clockAheadMs = Math.max(clockAheadMs, at.getTime() - Date.now() + 1);
};
afterEach(() => {
  clockAheadMs = 0;
});

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, logger);
  await queue.start();
  await queue.createQueue('publish-delivery');
  events = await createEventBus(database, logger);
  x = await startXApiFake();
  linkedin = await startLinkedInApiFake();
  const platforms = createPlatforms({ xBaseUrl: x.baseUrl, linkedinBaseUrl: linkedin.baseUrl, timeoutMs: 1000 });
  services = {
    db: database.db,
    queue,
    events,
    logger,
    storage: createLocalStorageDriver({
      rootDir: mkdtempSync(join(tmpdir(), 'agentcast-publish-')),
      publicBaseUrl: 'http://localhost',
    }),
    platforms: platforms.publishing,
    resolveAccess: async ({ platform }) => access.get(platform) ?? { kind: 'none' },
    timing: { postingLeaseMs: 3000, reconcileDelayMs: 0, backoffMs: 20, maxBackoffMs: 50, maxAttempts: 3 },
    now: () => new Date(Date.now() + clockAheadMs),
  };
});
afterAll(async () => {
  await queue.stop({ graceful: false });
  await events.close();
  await database.close();
  await x.close();
  await linkedin.close();
});

const connectX = () => {
  const account = x.addUser({ username: `agent${randomUUID().slice(0, 6)}` });
  access.set('x', { kind: 'ok', credentials: { accessToken: account.token, accountId: account.id } });
  return account;
};

/** A run whose post is ready, with a terminal entry, and its delivery to `platform`. */
const readyDelivery = async (
  platform: string,
  {
    text = `Post ${randomUUID()}`,
    media = [] as RunMedia[],
    threadBreaks = null as number[] | null,
    monthlyBudgetUsd = null as number | null,
  } = {},
) => {
  const agentRow = await insertTestAgent(database.db, {
    postConfiguration: { clients: ['terminal', 'x', 'linkedin'] },
    xThreads: true,
    monthlyBudgetUsd,
  });
  const { userId } = agentRow;
  const [run] = await database.db
    .insert(agentRun)
    .values({
      agentId: agentRow.id,
      userId,
      kind: 'schedule',
      idempotencyKey: `test:${randomUUID()}`,
      status: 'ready',
      instruction: 'i',
      postText: text,
      media,
      threadBreaks,
    })
    .returning();
  await database.db.insert(terminalMessage).values({
    agentId: agentRow.id,
    userId,
    runId: run!.id,
    tweetContent: text,
    instruction: 'i',
    trigger: 'schedule',
    model: 'm',
    isOffline: false,
  });
  const [row] = await database.db
    .insert(delivery)
    .values({
      runId: run!.id,
      agentId: agentRow.id,
      userId,
      platform,
      idempotencyKey: `${run!.idempotencyKey}:${platform}`,
      status: 'ready',
    })
    .returning();
  return { deliveryId: row!.id, runId: run!.id, text };
};

const deliveryRow = async (deliveryId: string) =>
  (await database.db.select().from(delivery).where(eq(delivery.id, deliveryId)))[0] as DeliveryRow;
const postsWith = (text: string) => x.posts.filter((post) => post.text === text);

describe('publishing a delivery', () => {
  it('posts it, keeps the link, and shows it in the terminal entry', async () => {
    connectX();
    const { deliveryId, runId, text } = await readyDelivery('x');

    const done = await publishDelivery(services, { deliveryId });

    expect(done).toMatchObject({ status: 'posted', attempts: 1, error: null, externalId: postsWith(text)[0]?.id });
    expect(done?.url).toBe(`https://x.com/i/web/status/${postsWith(text)[0]?.id}`);
    const [entry] = await database.db.select().from(terminalMessage).where(eq(terminalMessage.runId, runId));
    expect(entry?.deliveries).toEqual([{ platform: 'x', status: 'posted', url: done?.url, attempts: 1 }]);
    // Done means done: another job for it changes nothing.
    expect(await publishDelivery(services, { deliveryId })).toBeNull();
    expect(postsWith(text)).toHaveLength(1);
  });

  it('waits out a rate limit until the time X gives, then posts once', async () => {
    connectX();
    const { deliveryId, text } = await readyDelivery('x');
    x.failNext('POST /2/tweets', { status: 429, retryAfterSeconds: 2 });

    const waiting = await publishDelivery(services, { deliveryId });
    expect(waiting).toMatchObject({ status: 'ready', attempts: 1 });
    expect(waiting?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing happens.
    expect(await publishDelivery(services, { deliveryId })).toBeNull();

    moveClockPast(waiting?.nextAttemptAt);
    expect(await publishDelivery(services, { deliveryId })).toMatchObject({ status: 'posted', attempts: 2 });
    expect(postsWith(text)).toHaveLength(1);
  });

  it('records a permanent refusal with X’s reason', async () => {
    const account = connectX();
    const text = `Same words twice ${randomUUID()}`;
    x.seedPost({ authorId: account.id, text, createdAt: new Date(Date.now() - 60 * 60_000) });
    const { deliveryId } = await readyDelivery('x', { text });

    const done = await publishDelivery(services, { deliveryId });

    expect(done?.status).toBe('failed');
    expect(done?.error).toMatch(/duplicate/i);
    expect(postsWith(text)).toHaveLength(1);
  });

  it('gives up after the last attempt of a platform that keeps failing', async () => {
    connectX();
    const { deliveryId } = await readyDelivery('x');
    x.failNext('POST /2/tweets', { status: 503, times: 3 });
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await deliveryRow(deliveryId);
      if (row.nextAttemptAt) moveClockPast(row.nextAttemptAt);
      await publishDelivery(services, { deliveryId });
    }
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await deliveryRow(deliveryId)).error).toMatch(/^Gave up after 3 attempts: /);
  });
});

describe('an unknown outcome', () => {
  it('is reconciled: a post that X took before the answer was lost is found, never posted again', async () => {
    connectX();
    const { deliveryId, text } = await readyDelivery('x');
    x.dropNext('POST /2/tweets', { afterAccept: true });

    const unknown = await publishDelivery(services, { deliveryId });
    expect(unknown).toMatchObject({ status: 'unknown', error: PUBLISHING_MESSAGES.unknownOutcome('x') });
    expect(postsWith(text)).toHaveLength(1);

    const reconciled = await publishDelivery(services, { deliveryId });
    expect(reconciled).toMatchObject({ status: 'posted', externalId: postsWith(text)[0]?.id, attempts: 1 });
    expect(postsWith(text)).toHaveLength(1);
    expect(x.requestsTo('POST /2/tweets').filter((request) => request.body.toString().includes(text))).toHaveLength(1);
  });

  it('is posted once it is clear that X never took it', async () => {
    connectX();
    const { deliveryId, text } = await readyDelivery('x');
    x.hangNext('POST /2/tweets');

    expect(await publishDelivery(services, { deliveryId })).toMatchObject({ status: 'unknown' });
    expect(postsWith(text)).toHaveLength(0);
    expect(await publishDelivery(services, { deliveryId })).toMatchObject({ status: 'posted', attempts: 2 });
    expect(postsWith(text)).toHaveLength(1);
  });

  it('is what a worker that died during the call leaves: found after its lease, not posted twice', async () => {
    const account = connectX();
    const { deliveryId, text } = await readyDelivery('x');
    // The dead worker's state: posting committed, then it sent the post and died before recording the answer.
    const startedAt = new Date(Date.now() - 10_000);
    await database.db
      .update(delivery)
      .set({ status: 'posting', attempts: 1, postingStartedAt: startedAt, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(delivery.id, deliveryId));
    const posted = x.seedPost({ authorId: account.id, text, createdAt: new Date(startedAt.getTime() + 500) });

    const done = await publishDelivery(services, { deliveryId });

    expect(done).toMatchObject({ status: 'posted', externalId: posted.id });
    expect(postsWith(text)).toHaveLength(1);
  });

  it('on LinkedIn, which lets few apps read posts, is settled by LinkedIn’s duplicate check naming the post', async () => {
    const member = linkedin.addMember();
    access.set('linkedin', { kind: 'ok', credentials: { accessToken: member.token, accountId: member.urn } });
    linkedin.settings.canReadPosts = false;
    try {
      const { deliveryId, text } = await readyDelivery('linkedin');
      linkedin.dropNext('POST /rest/posts', { afterAccept: true });

      expect(await publishDelivery(services, { deliveryId })).toMatchObject({ status: 'unknown' });
      const done = await publishDelivery(services, { deliveryId });

      const posts = linkedin.posts.filter((post) => post.commentary === text);
      expect(posts).toHaveLength(1);
      expect(done).toMatchObject({ status: 'posted', externalId: posts[0]?.id });
    } finally {
      linkedin.settings.canReadPosts = true;
    }
  });

  it('is left alone while the worker that is posting still holds its lease', async () => {
    connectX();
    const { deliveryId } = await readyDelivery('x');
    await database.db
      .update(delivery)
      .set({ status: 'posting', attempts: 1, postingStartedAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(delivery.id, deliveryId));
    expect(await publishDelivery(services, { deliveryId })).toBeNull();
    expect((await deliveryRow(deliveryId)).status).toBe('posting');
  });
});

describe('accounts', () => {
  it('fails a platform with no connected account with a clear message, and one whose access was revoked with its own', async () => {
    access.delete('linkedin');
    const none = await readyDelivery('linkedin');
    expect(await publishDelivery(services, { deliveryId: none.deliveryId })).toMatchObject({
      status: 'failed',
      error: PUBLISHING_MESSAGES.notConnected('linkedin'),
    });

    access.set('linkedin', { kind: 'unusable', message: 'Reconnect LinkedIn: the access was revoked', retry: false });
    const revoked = await readyDelivery('linkedin');
    expect(await publishDelivery(services, { deliveryId: revoked.deliveryId })).toMatchObject({
      status: 'failed',
      error: 'Reconnect LinkedIn: the access was revoked',
    });
  });

  it('publishes to LinkedIn as the connected member, with the run’s image', async () => {
    const member = linkedin.addMember();
    access.set('linkedin', { kind: 'ok', credentials: { accessToken: member.token, accountId: member.urn } });
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    await services.storage.put({
      bucket: 'images',
      path: 'agent-images/card_1.png',
      body: image,
      contentType: 'image/png',
    });
    const { deliveryId, text } = await readyDelivery('linkedin', {
      media: [
        {
          kind: 'image',
          path: 'agent-images/card_1.png',
          contentType: 'image/png',
          url: 'http://localhost/card_1.png',
        },
      ],
    });

    const done = await publishDelivery(services, { deliveryId });

    expect(done?.status).toBe('posted');
    const post = linkedin.posts.find((candidate) => candidate.commentary === text);
    expect(post?.author).toBe(member.urn);
    expect(done?.url).toBe(`https://www.linkedin.com/feed/update/${post?.id}`);
    const upload = linkedin.requestsTo('PUT /dms-uploads/:id').at(-1);
    expect(upload?.body.equals(image)).toBe(true);
  });
});

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
  const threadOf = (tag: string) => x.posts.filter((post) => post.text.includes(tag));

  it('is published as a numbered reply chain, each part once, with the first post’s link', async () => {
    connectX();
    const text = threadText();
    const { deliveryId, runId } = await readyDelivery('x', { text });

    const done = await publishDelivery(services, { deliveryId });

    const posts = threadOf(text.slice(20, 35));
    expect(posts.map((post) => post.text)).toEqual(threadPosts(text, autoThreadBreaks(text)));
    expect(posts.map((post) => post.text.slice(-4))).toEqual([' 1/3', ' 2/3', ' 3/3']);
    expect(posts[0]?.inReplyToPostId).toBeUndefined();
    expect(posts[1]?.inReplyToPostId).toBe(posts[0]?.id);
    expect(posts[2]?.inReplyToPostId).toBe(posts[1]?.id);
    expect(done).toMatchObject({ status: 'posted', externalId: posts[0]?.id, threadLength: 3, attempts: 1 });
    expect(done?.threadPosts.map((post) => post.postId)).toEqual(posts.map((post) => post.id));
    const [entry] = await database.db.select().from(terminalMessage).where(eq(terminalMessage.runId, runId));
    expect(entry?.deliveries).toContainEqual(
      expect.objectContaining({ platform: 'x', status: 'posted', thread_length: 3, thread_posted: 3 }),
    );
    // X bills each post of the thread.
    const calls = await database.db.select().from(platformCall).where(eq(platformCall.agentId, done!.agentId));
    expect(calls.map((call) => call.resourceId).sort()).toEqual(posts.map((post) => post.id).sort());
  });

  it('resumes after a failure between parts where it stopped, replying to the last part posted', async () => {
    connectX();
    const text = threadText();
    const { deliveryId } = await readyDelivery('x', { text });
    x.failNext('POST /2/tweets', { status: 503, times: 1 });
    const expected = threadPosts(text, autoThreadBreaks(text));
    // The first part is on X from an earlier pass; the failure hits the second.
    const first = x.seedPost({
      authorId: (access.get('x') as { credentials: { accountId: string } }).credentials.accountId,
      text: expected[0]!,
    });
    await database.db
      .update(delivery)
      .set({ threadPosts: [{ postId: first.id, url: `https://x.com/i/status/${first.id}` }], threadLength: 3 })
      .where(eq(delivery.id, deliveryId));

    const waiting = await publishDelivery(services, { deliveryId });
    expect(waiting).toMatchObject({ status: 'ready' });
    expect(waiting?.error).toMatch(/^The thread stopped after 1 of its 3 posts: /);
    moveClockPast(waiting?.nextAttemptAt);

    const done = await publishDelivery(services, { deliveryId });
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
    const first = x.seedPost({
      authorId: account.id,
      text: expected[0]!,
      createdAt: new Date(startedAt.getTime() - 500),
    });
    const second = x.seedPost({
      authorId: account.id,
      text: expected[1]!,
      inReplyToPostId: first.id,
      createdAt: new Date(startedAt.getTime() + 500),
    });
    await database.db
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

    const done = await publishDelivery(services, { deliveryId });

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

    await publishDelivery(services, { deliveryId });

    expect(threadOf(text.slice(20, 35)).map((post) => post.text)).toEqual(threadPosts(text, chosen));
  });

  it('is not started when its posts together would pass the agent’s monthly budget', async () => {
    connectX();
    const text = threadText();
    const { deliveryId } = await readyDelivery('x', { text, monthlyBudgetUsd: 0.04 });

    const refused = await publishDelivery(services, { deliveryId });

    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused?.error).toMatch(/the thread's 3 posts cost \$0\.045/);
    expect(threadOf(text.slice(20, 35))).toHaveLength(0);
  });
});
