// The publishing services over a fresh database, the X and LinkedIn fakes and a clock a test can move, for the
// publish-delivery tests (split by subject across files). Call setUpPublishing() at the top of a test file.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
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
import type { PlatformAccess, PublishingServices } from './publishing-services.ts';

let database: DatabaseConnection;
let queue: JobQueue;
let events: EventBus;
let x: XApiFake;
let linkedin: LinkedInApiFake;
let services: PublishingServices;
/** What resolveAccess answers, per platform; tests change it. */
export const access = new Map<string, PlatformAccess>();
const logger = pino({ level: 'silent' });
/**
 * How far the publishing clock (services.now) is ahead of the real one: a test moves it past a delivery's next
 * attempt instead of waiting for that time. Back to the real time after each test.
 */
let clockAheadMs = 0;
export const moveClockPast = (at: Date | null | undefined) => {
  if (!at) throw new Error('no next attempt to move the clock past');
  clockAheadMs = Math.max(clockAheadMs, at.getTime() - Date.now() + 1);
};
export const setUpPublishing = () => {
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
};

/** What the tests read once setUpPublishing's hooks have run. */
export const publishing = {
  get database() {
    return database;
  },
  get x() {
    return x;
  },
  get linkedin() {
    return linkedin;
  },
  get services() {
    return services;
  },
};

export const connectX = () => {
  const account = x.addUser({ username: `agent${randomUUID().slice(0, 6)}` });
  access.set('x', { kind: 'ok', credentials: { accessToken: account.token, accountId: account.id } });
  return account;
};

/** A run whose post is ready, with a terminal entry, and its delivery to `platform`. */
export const readyDelivery = async (
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
  const { workspaceId } = agentRow;
  const [run] = await database.db
    .insert(agentRun)
    .values({
      agentId: agentRow.id,
      workspaceId,
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
    workspaceId,
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
      workspaceId,
      platform,
      idempotencyKey: `${run!.idempotencyKey}:${platform}`,
      status: 'ready',
    })
    .returning();
  return { deliveryId: row!.id, runId: run!.id, text };
};

export const deliveryRow = async (deliveryId: string) =>
  (await database.db.select().from(delivery).where(eq(delivery.id, deliveryId)))[0] as DeliveryRow;
export const postsWith = (text: string) => x.posts.filter((post) => post.text === text);
