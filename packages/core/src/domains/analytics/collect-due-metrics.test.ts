import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Delivery } from '@agentcast/contracts/terminal';
import type { DatabaseConnection } from '@agentcast/db/client';
import { postMetricReading } from '@agentcast/db/schema/analytics';
import { agent as agentTable } from '@agentcast/db/schema/agents';
import { platformCall } from '@agentcast/db/schema/costs';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { startInstagramApiFake, type InstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import { startLinkedInApiFake, type LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { startXApiFake, type XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { startYouTubeApiFake, type YouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';
import { createEventBus, type EventBus } from '../../integrations/events/event-bus.ts';
import type { PlatformCredentials } from '../../integrations/platforms/common/platform.ts';
import { createPlatforms } from '../../integrations/platforms/create-platforms.ts';
import { collectDueMetrics, DEFAULT_COLLECT_OPTIONS } from './collect-due-metrics.ts';
import type { MetricsServices } from './metrics-services.ts';

const HOUR = 3_600_000;
let database: DatabaseConnection;
let events: EventBus;
let x: XApiFake;
let linkedin: LinkedInApiFake;
let instagram: InstagramApiFake;
let youtube: YouTubeApiFake;
let services: MetricsServices;
/** The collector's clock; a test moves it. */
let now: Date;
/** Each agent's account on each platform, as its connection would give it. */
const connections = new Map<string, PlatformCredentials>();

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = pino({ level: 'silent' });
  events = await createEventBus(database, logger);
  [x, linkedin, instagram, youtube] = await Promise.all([
    startXApiFake(),
    startLinkedInApiFake(),
    startInstagramApiFake(),
    startYouTubeApiFake(),
  ]);
  const platforms = createPlatforms({
    xBaseUrl: x.baseUrl,
    linkedinBaseUrl: linkedin.baseUrl,
    instagramBaseUrl: instagram.baseUrl,
    youtubeBaseUrl: youtube.baseUrl,
    timeoutMs: 2000,
  }).publishing;
  services = {
    db: database.db,
    events,
    logger,
    platforms,
    resolveAccesses: async (requests) =>
      requests.map(({ agentId, platform }) => {
        const credentials = connections.get(`${agentId}:${platform}`);
        return credentials ? { kind: 'ok', credentials } : { kind: 'none' };
      }),
    now: () => now,
  };
});
afterAll(async () => {
  await events.close();
  await database.close();
  await Promise.all([x.close(), linkedin.close(), instagram.close(), youtube.close()]);
});
beforeEach(() => {
  // Real time, so that the fakes' rate-limit resets (from their own clocks) fall where the collector looks.
  now = new Date(Math.floor(Date.now() / 1000) * 1000);
  linkedin.settings.canReadPosts = true;
});
// Each test moves the clock: an earlier test's posts must not fall due in a later one's passes.
afterEach(async () => {
  await database.db.update(delivery).set({ metricsNextAt: null });
});

const collect = () => collectDueMetrics(services, DEFAULT_COLLECT_OPTIONS);
const later = (ms: number) => (now = new Date(now.getTime() + ms));

/** An agent of a new owner, with accounts on the platforms named. */
const newAgent = async (budgetUsd: number | null = null) => {
  const row = await insertTestAgent(database.db, { monthlyBudgetUsd: budgetUsd });
  return row;
};
const connect = (agentId: string, platform: string, credentials: PlatformCredentials) =>
  connections.set(`${agentId}:${platform}`, credentials);
const xAccount = (agentId: string) => {
  const user = x.addUser({ username: `reader${x.users.length}` });
  connect(agentId, 'x', { accessToken: user.token, accountId: user.id });
  return user;
};

/** A run of the agent published to `platform` as `postId` at `publishedAt`, with its terminal entry. */
const published = async (
  owner: { id: string; workspaceId: string },
  platform: string,
  postId: string,
  publishedAt: Date,
  { firstReadAt = new Date(publishedAt.getTime() + HOUR) }: { firstReadAt?: Date } = {},
) => {
  const key = `manual:${randomUUID()}`;
  const [run] = await database.db
    .insert(agentRun)
    .values({
      agentId: owner.id,
      workspaceId: owner.workspaceId,
      kind: 'manual',
      idempotencyKey: key,
      instruction: 'Write a post',
      status: 'ready',
      postText: `Post ${postId}`,
    })
    .returning();
  await database.db.insert(terminalMessage).values({
    agentId: owner.id,
    workspaceId: owner.workspaceId,
    tweetContent: `Post ${postId}`,
    instruction: 'Write a post',
    trigger: 'manual',
    runId: run!.id,
    model: 'offline-writer',
    isOffline: true,
  });
  const [row] = await database.db
    .insert(delivery)
    .values({
      runId: run!.id,
      agentId: owner.id,
      workspaceId: owner.workspaceId,
      platform,
      idempotencyKey: `${key}:${platform}`,
      status: 'posted',
      externalId: postId,
      url: `https://example.com/${postId}`,
      publishedAt,
      metricsNextAt: firstReadAt,
    })
    .returning();
  return row!;
};
const deliveryRow = async (id: string) => (await database.db.select().from(delivery).where(eq(delivery.id, id)))[0]!;
const readingsOf = (id: string) =>
  database.db
    .select()
    .from(postMetricReading)
    .where(eq(postMetricReading.deliveryId, id))
    .orderBy(asc(postMetricReading.readAt));
const snapshotOf = async (runId: string) =>
  (await database.db.select().from(terminalMessage).where(eq(terminalMessage.runId, runId)))[0]!.deliveries;

describe('collecting metrics of published posts', () => {
  it('reads a post an hour, 6 hours, a day, 3 days and 7 days after it went out, keeping every reading, then stops', async () => {
    const owner = await newAgent();
    const account = xAccount(owner.id);
    const post = x.seedPost({ authorId: account.id, text: 'On a schedule' });
    const start = now;
    const row = await published(owner, 'x', post.id, start);

    expect(await collect()).toMatchObject({ claimed: 0 });
    const expectedTimes = [6, 24, 72, 168].map((hours) => new Date(start.getTime() + hours * HOUR));
    const seen: number[] = [];
    for (const [step, hours] of [1, 6, 24, 72, 168].entries()) {
      x.setMetrics(post.id, { impression_count: 100 * (step + 1), like_count: step + 1, reply_count: step });
      now = new Date(start.getTime() + hours * HOUR);
      expect(await collect()).toMatchObject({ claimed: 1, read: 1, requests: 1 });
      const latest = await deliveryRow(row.id);
      expect(latest.metricsNextAt).toEqual(expectedTimes[step] ?? null);
      seen.push(latest.metricsEngagement ?? -1);
    }
    expect(seen).toEqual([1, 3, 5, 7, 9]);
    const readings = await readingsOf(row.id);
    expect(
      readings.map((reading) => [reading.readAt.getTime() - start.getTime(), reading.engagement, reading.exposure]),
    ).toEqual([1, 6, 24, 72, 168].map((hours, step) => [hours * HOUR, 2 * step + 1, 100 * (step + 1)]));
    expect(readings[4]?.metrics).toEqual({ impressions: 500, likes: 5, reposts: 0, replies: 4, quotes: 0 });
    later(30 * 24 * HOUR);
    expect(await collect()).toMatchObject({ claimed: 0 });
  });

  it('shows the latest reading in the terminal entry: metrics, engagement and when they were read', async () => {
    const owner = await newAgent();
    const account = xAccount(owner.id);
    const post = x.seedPost({ authorId: account.id, text: 'Shown in the terminal' });
    const row = await published(owner, 'x', post.id, new Date(now.getTime() - HOUR), { firstReadAt: now });
    x.setMetrics(post.id, { impression_count: 40, like_count: 3, retweet_count: 1 });

    await collect();

    const deliveries = await snapshotOf(row.runId);
    expect(deliveries).toEqual<Delivery[]>([
      {
        platform: 'x',
        status: 'posted',
        url: `https://example.com/${post.id}`,
        attempts: 0,
        metrics: {
          metrics: { impressions: 40, likes: 3, reposts: 1, replies: 0, quotes: 0 },
          engagement: 4,
          read_at: now.toISOString(),
        },
      },
    ]);
  });

  it('reads each account’s posts in the platform’s batches: X 100 and YouTube 50 a request, LinkedIn one each', async () => {
    const owner = await newAgent();
    const sibling = await insertTestAgent(database.db, { workspaceId: owner.workspaceId });
    const account = xAccount(owner.id);
    // The owner's account on /agent-builder serves both agents: one account, one batch.
    connect(sibling.id, 'x', connections.get(`${owner.id}:x`)!);
    const posts = Array.from({ length: 150 }, (_, index) =>
      x.seedPost({ authorId: account.id, text: `Batch ${index}` }),
    );
    const due = new Date(now.getTime() - HOUR);
    for (const [index, post] of posts.entries())
      await published(index % 2 ? sibling : owner, 'x', post.id, due, { firstReadAt: now });
    const channel = youtube.addChannel();
    connect(owner.id, 'youtube', { accessToken: channel.token, accountId: channel.id });
    const videos = Array.from({ length: 60 }, () => {
      const id = randomBytes(8).toString('base64url').slice(0, 11);
      youtube.videos.push({
        id,
        channelId: channel.id,
        title: 'Short',
        description: 'Short',
        categoryId: '22',
        privacyStatus: 'public',
        selfDeclaredMadeForKids: false,
        publishedAt: due.toISOString(),
        contentType: 'video/mp4',
        bytes: Buffer.alloc(0),
      });
      return id;
    });
    for (const id of videos) await published(owner, 'youtube', id, due, { firstReadAt: now });
    const member = linkedin.addMember();
    connect(owner.id, 'linkedin', { accessToken: member.token, accountId: member.urn });
    for (const index of [1, 2, 3]) {
      const { postId } = await services.platforms
        .get('linkedin')!
        .publish({ accessToken: member.token, accountId: member.urn }, { text: `LinkedIn ${index}` });
      await published(owner, 'linkedin', postId, due, { firstReadAt: now });
    }
    const before = {
      x: x.requestsTo('GET /2/tweets').length,
      youtube: youtube.requestsTo('GET /youtube/v3/videos').length,
      linkedin: linkedin.requestsTo('GET /rest/socialActions/:urn').length,
    };

    expect(await collect()).toMatchObject({ claimed: 213, read: 213, requests: 2 + 2 + 3 });

    const lookups = x.requestsTo('GET /2/tweets').slice(before.x);
    expect(lookups.map((request) => request.query.ids?.split(',').length)).toEqual([100, 50]);
    expect(
      youtube
        .requestsTo('GET /youtube/v3/videos')
        .slice(before.youtube)
        .map((request) => request.query.id?.split(',').length),
    ).toEqual([50, 10]);
    expect(linkedin.requestsTo('GET /rest/socialActions/:urn')).toHaveLength(before.linkedin + 3);
  }, 30_000);

  it('stops reading a post the platform no longer has, keeping its last reading, and never reads a removed one', async () => {
    const owner = await newAgent();
    const account = xAccount(owner.id);
    const kept = x.seedPost({ authorId: account.id, text: 'Kept' });
    const deleted = x.seedPost({ authorId: account.id, text: 'Deleted later' });
    const removed = x.seedPost({ authorId: account.id, text: 'Taken back by its owner' });
    const start = new Date(now.getTime() - HOUR);
    const [keptRow, deletedRow, removedRow] = [
      await published(owner, 'x', kept.id, start, { firstReadAt: now }),
      await published(owner, 'x', deleted.id, start, { firstReadAt: now }),
      await published(owner, 'x', removed.id, start, { firstReadAt: now }),
    ];
    await database.db.update(delivery).set({ status: 'removed' }).where(eq(delivery.id, removedRow.id));
    await collect();
    const credentials = connections.get(`${owner.id}:x`)!;
    await services.platforms.get('x')!.deletePost(credentials, deleted.id);

    now = new Date(start.getTime() + 6 * HOUR);
    await collect();

    expect((await deliveryRow(keptRow.id)).metricsNextAt).toEqual(new Date(start.getTime() + 24 * HOUR));
    const gone = await deliveryRow(deletedRow.id);
    expect(gone.metricsNextAt).toBeNull();
    expect(gone.metrics).toEqual({ impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0 });
    expect(await readingsOf(deletedRow.id)).toHaveLength(1);
    expect(await readingsOf(removedRow.id)).toEqual([]);
    expect(x.requestsTo('GET /2/tweets').some((request) => request.query.ids?.includes(removed.id))).toBe(false);
  });
});

describe('metrics within budgets and limits', () => {
  it('reads on X only what the agent’s monthly budget pays for, counts each read, and leaves the rest to the next step', async () => {
    // Mid-month, so that the day of steps below stays in one budget month. $0.012 pays for two reads at $0.005.
    now = new Date('2026-11-10T10:00:00Z');
    const owner = await newAgent(0.012);
    const account = xAccount(owner.id);
    const start = new Date(now.getTime() - HOUR);
    const rows = [];
    for (const index of [1, 2, 3]) {
      const post = x.seedPost({ authorId: account.id, text: `Budgeted ${index}` });
      rows.push(await published(owner, 'x', post.id, start, { firstReadAt: now }));
    }

    expect(await collect()).toMatchObject({ claimed: 3, read: 2, requests: 1 });

    const calls = await database.db.select().from(platformCall).where(eq(platformCall.agentId, owner.id));
    expect(calls.map((call) => [call.call, call.priceMicros])).toEqual([
      ['x.read', 5000],
      ['x.read', 5000],
    ]);
    const after = await Promise.all(rows.map((row) => deliveryRow(row.id)));
    expect(after.filter((row) => row.metricsReadAt !== null)).toHaveLength(2);
    expect(after.find((row) => row.metricsReadAt === null)?.metricsNextAt).toEqual(
      new Date(start.getTime() + 6 * HOUR),
    );

    // Nothing more fits this month: the next step reads nothing, and asks X nothing.
    now = new Date(start.getTime() + 6 * HOUR);
    const lookups = x.requestsTo('GET /2/tweets').length;
    expect(await collect()).toMatchObject({ claimed: 3, read: 0, requests: 0 });
    expect(x.requestsTo('GET /2/tweets')).toHaveLength(lookups);
    // Raised: the next step reads them all again.
    await database.db.update(agentTable).set({ monthlyBudgetUsd: 1 }).where(eq(agentTable.id, owner.id));
    now = new Date(start.getTime() + 24 * HOUR);
    expect(await collect()).toMatchObject({ claimed: 3, read: 3 });
  });

  it('holds an account’s reads until X’s reset after a 429, without asking X again meanwhile', async () => {
    const owner = await newAgent();
    const account = xAccount(owner.id);
    const first = x.seedPost({ authorId: account.id, text: 'Limited' });
    const second = x.seedPost({ authorId: account.id, text: 'Limited too' });
    const start = new Date(now.getTime() - HOUR);
    const row = await published(owner, 'x', first.id, start, { firstReadAt: now });
    x.failNext('GET /2/tweets', { status: 429, retryAfterSeconds: 600 });

    expect(await collect()).toMatchObject({ claimed: 1, read: 0, requests: 1 });
    const resetAt = (await deliveryRow(row.id)).metricsNextAt!;
    expect(resetAt.getTime()).toBeGreaterThan(now.getTime() + 590_000);
    expect(resetAt.getTime()).toBeLessThan(now.getTime() + 620_000);

    const other = await published(owner, 'x', second.id, start, { firstReadAt: now });
    const lookups = x.requestsTo('GET /2/tweets').length;
    expect(await collect()).toMatchObject({ claimed: 1, read: 0, requests: 0 });
    expect(x.requestsTo('GET /2/tweets')).toHaveLength(lookups);
    expect((await deliveryRow(other.id)).metricsNextAt).toEqual(resetAt);

    now = new Date(resetAt.getTime() + 1000);
    expect(await collect()).toMatchObject({ claimed: 2, read: 2, requests: 1 });
  });

  it('stops reading LinkedIn for an account once LinkedIn answers 403, its posts not yet due included', async () => {
    const owner = await newAgent();
    const member = linkedin.addMember();
    connect(owner.id, 'linkedin', { accessToken: member.token, accountId: member.urn });
    const urns = [];
    for (const index of [1, 2, 3]) {
      const { postId } = await services.platforms
        .get('linkedin')!
        .publish({ accessToken: member.token, accountId: member.urn }, { text: `Unreadable ${index}` });
      urns.push(postId);
    }
    const start = new Date(now.getTime() - HOUR);
    const due = [await published(owner, 'linkedin', urns[0]!, start, { firstReadAt: now })];
    due.push(await published(owner, 'linkedin', urns[1]!, start, { firstReadAt: now }));
    const notYetDue = await published(owner, 'linkedin', urns[2]!, now);
    linkedin.settings.canReadPosts = false;
    const before = linkedin.requestsTo('GET /rest/socialActions/:urn').length;

    expect(await collect()).toMatchObject({ claimed: 2, read: 0, requests: 1 });

    expect(linkedin.requestsTo('GET /rest/socialActions/:urn')).toHaveLength(before + 1);
    const rows = await database.db
      .select({ next: delivery.metricsNextAt })
      .from(delivery)
      .where(
        inArray(
          delivery.id,
          [...due, notYetDue].map((row) => row.id),
        ),
      );
    expect(rows.map((row) => row.next)).toEqual([null, null, null]);
  });

  it('takes half an Instagram account’s hourly allowance, and leaves what is over to the next hour', async () => {
    const owner = await newAgent();
    const account = instagram.addAccount();
    connect(owner.id, 'instagram', { accessToken: account.token, accountId: account.id });
    const start = new Date(now.getTime() - HOUR);
    let next = 18_500_000_000_000_000n;
    for (let index = 0; index < 110; index++) {
      const id = String((next += 1n));
      instagram.media.push({
        id,
        owner: account.id,
        caption: `Reel ${index}`,
        media_type: 'VIDEO',
        media_product_type: 'REELS',
        shortcode: id,
        permalink: `https://www.instagram.com/reel/${id}/`,
        timestamp: start.toISOString().replace(/\.\d+Z$/, '+0000'),
        containerId: '1',
      });
      instagram.setMetrics(id, { views: 10, likes: 1 });
      await published(owner, 'instagram', id, start, { firstReadAt: now });
    }

    expect(await collect()).toMatchObject({ claimed: 110, read: 100, requests: 100 });

    const nextHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
    const waiting = await database.db
      .select({ next: delivery.metricsNextAt })
      .from(delivery)
      .where(eq(delivery.agentId, owner.id));
    expect(waiting.filter((row) => row.next?.getTime() === nextHour.getTime())).toHaveLength(10);
    now = nextHour;
    expect(await collect()).toMatchObject({ claimed: 10, read: 10, requests: 10 });
  });
});
