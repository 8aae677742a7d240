import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookEventType } from '@agentcast/contracts/webhooks';
import type { DatabaseConnection } from '@agentcast/db/client';
import { queryRows } from '@agentcast/db/query-rows';
import { user } from '@agentcast/db/schema/auth';
import { webhookDelivery, webhookEndpoint } from '@agentcast/db/schema/webhooks';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '@agentcast/test-fakes/webhook-receiver';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { createJobQueue, type JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { createSecretBox } from '../../integrations/secrets/secret-box.ts';
import { claimWebhookDelivery } from './claim-webhook-delivery.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { DELIVER_WEBHOOK_JOB, WEBHOOK_REQUESTS_PER_ACCOUNT } from './deliver-webhook-job.ts';
import { emitWebhookEvents, webhookListeners } from './emit-webhook-events.ts';
import { createWebhookEndpoint, updateWebhookEndpoint } from './manage-webhook-endpoints.ts';
import { notifyWebhookDisabled } from './notify-webhook-disabled.ts';
import { NOTIFY_WEBHOOK_DISABLED_JOB } from './notify-webhook-disabled-job.ts';
import { resendWebhookDelivery, sendTestWebhook } from './queue-webhook-delivery.ts';
import { rotateWebhookSecret } from './webhook-secrets.ts';
import { DEFAULT_WEBHOOK_TIMING, type WebhookWorkerServices } from './webhook-services.ts';

const SECOND = 1000;
const HOUR = 3_600_000;

let database: DatabaseConnection;
let queue: JobQueue;
let receiver: WebhookReceiver;
let services: WebhookWorkerServices;
/** The services' clock: moved forward by the tests, never waited for. */
let clock: Date;
const mails: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = pino({ level: 'silent' });
  queue = createJobQueue(database, logger);
  await queue.start();
  await queue.createQueue(DELIVER_WEBHOOK_JOB.name);
  await queue.createQueue(NOTIFY_WEBHOOK_DISABLED_JOB.name);
  receiver = await startWebhookReceiver();
  services = {
    db: database.db,
    queue,
    secretBox: createSecretBox(randomBytes(32).toString('base64')),
    logger,
    now: () => clock,
    timing: DEFAULT_WEBHOOK_TIMING,
    targets: 'any',
    mailer: { send: async (message) => void mails.push(message), close: () => undefined },
    publicUrl: 'https://agentcast.example',
  };
});
afterAll(async () => {
  await receiver.close();
  await queue.stop({ graceful: false });
  await database.close();
});
beforeEach(() => {
  clock = new Date(Math.ceil(Date.now() / SECOND) * SECOND);
  receiver.received.length = 0;
  receiver.answerAlways(200);
  mails.length = 0;
});

const newAccount = async () => {
  const workspaceId = `user-${randomUUID()}`;
  await database.db
    .insert(user)
    .values({ id: workspaceId, name: 'Hooked', email: `${workspaceId}@example.com`, emailVerified: true });
  return workspaceId;
};

const newEndpoint = async (workspaceId: string, events: WebhookEventType[] = ['post.published', 'run.skipped']) =>
  createWebhookEndpoint(
    services,
    { workspaceId, actor: { kind: 'person', userId: workspaceId } },
    { url: receiver.url, description: '', events },
  );

const skipEvent = (workspaceId: string, key: string = randomUUID()) => ({
  workspaceId,
  type: 'run.skipped' as const,
  key: `run.skipped:${key}`,
  at: clock,
  data: {
    run_id: key,
    agent: { id: 'agent', name: 'Pulse' },
    trigger: 'schedule',
    reason: 'Over quota',
    skipped_at: clock.toISOString(),
  },
});

const deliveriesOf = (endpointId: string) =>
  database.db.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpointId));

/** Works the delivery as the queue would, at each attempt's time, until it is no longer pending. */
const workUntilSettled = async (deliveryId: string) => {
  for (let step = 0; step < 20; step++) {
    await deliverWebhook(services, { deliveryId });
    const [row] = await database.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, deliveryId));
    if (row?.status !== 'pending') return row!;
    clock = row.nextAttemptAt!;
  }
  throw new Error('the delivery never settled');
};

/** Checks a request's signature with the reference implementation (its own clock aside: ours runs ahead). */
const expectSignedBy = (secret: string, request: ReceivedWebhook) => {
  const id = request.headers['webhook-id'] as string;
  const timestamp = Number(request.headers['webhook-timestamp']);
  const expected = new Webhook(secret).sign(id, new Date(timestamp * 1000), request.body);
  expect((request.headers['webhook-signature'] as string).split(' ')).toContain(expected);
};

const queuedJobs = (name: string, key: string, value: string) =>
  queryRows<{ start_after: Date | string; group_id: string | null }>(
    database.db,
    sql`SELECT start_after, group_id FROM pgboss.job WHERE name = ${name} AND data->>${key} = ${value}
      ORDER BY start_after`,
  );

describe('emitting events', () => {
  it('records one delivery per enabled endpoint subscribed to the event, once per fact, and queues it', async () => {
    const workspaceId = await newAccount();
    const { endpoint: subscribed } = await newEndpoint(workspaceId);
    const { endpoint: elsewhere } = await newEndpoint(workspaceId, ['post.failed']);
    const { endpoint: disabled } = await newEndpoint(workspaceId);
    await updateWebhookEndpoint(services, { workspaceId, endpointId: disabled.id }, { enabled: false });
    const stranger = await newAccount();

    expect(await webhookListeners(database.db, 'run.skipped', [workspaceId, stranger])).toEqual(new Set([workspaceId]));
    const event = skipEvent(workspaceId, 'fact-1');
    expect(await emitWebhookEvents(services, [event])).toBe(1);
    expect(await emitWebhookEvents(services, [event])).toBe(0);

    const [delivery] = await deliveriesOf(subscribed.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, eventType: 'run.skipped' });
    expect(delivery!.payload).toEqual({ type: 'run.skipped', timestamp: clock.toISOString(), data: event.data });
    expect(await deliveriesOf(elsewhere.id)).toEqual([]);
    expect(await deliveriesOf(disabled.id)).toEqual([]);
    // In the account's group, which the worker works WEBHOOK_REQUESTS_PER_ACCOUNT at a time.
    expect(await queuedJobs(DELIVER_WEBHOOK_JOB.name, 'deliveryId', delivery!.id)).toMatchObject([
      { group_id: workspaceId },
    ]);
  });
});

describe('delivering', () => {
  it('retries a failing receiver on the schedule, logs each attempt, and delivers once it answers', async () => {
    const workspaceId = await newAccount();
    const { endpoint, secret } = await newEndpoint(workspaceId);
    await emitWebhookEvents(services, [skipEvent(workspaceId)]);
    const [pending] = await deliveriesOf(endpoint.id);
    receiver.failNext(3, 503);

    await deliverWebhook(services, { deliveryId: pending!.id });
    const [afterFirst] = await deliveriesOf(endpoint.id);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503 });
    expect(afterFirst!.nextAttemptAt).toEqual(new Date(clock.getTime() + 5 * SECOND));
    // The next attempt's job is in the queue for its time: a restart loses nothing.
    const jobs = await queuedJobs(DELIVER_WEBHOOK_JOB.name, 'deliveryId', pending!.id);
    expect(new Date(jobs.at(-1)!.start_after)).toEqual(afterFirst!.nextAttemptAt);

    const delivered = await workUntilSettled(pending!.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 4, responseStatus: 200, error: null });
    expect(receiver.received.map((request) => request.status)).toEqual([503, 503, 503, 200]);
    const stamps = receiver.received.map((request) => Number(request.headers['webhook-timestamp']));
    expect(stamps.slice(1).map((stamp, index) => stamp - stamps[index]!)).toEqual([5, 300, 1800]);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([pending!.messageId]),
    );
    for (const request of receiver.received) expectSignedBy(secret, request);

    const [row] = await database.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(row?.failingSince).toBeNull();
  });

  it('gives up after 24 hours, disables an endpoint that never answered, fails what it had pending, and e-mails once', async () => {
    const workspaceId = await newAccount();
    const { endpoint } = await newEndpoint(workspaceId);
    receiver.answerAlways(500);
    const start = clock.getTime();
    await emitWebhookEvents(services, [skipEvent(workspaceId)]);
    const [first] = await deliveriesOf(endpoint.id);

    await deliverWebhook(services, { deliveryId: first!.id });
    clock = new Date(start + HOUR);
    await emitWebhookEvents(services, [skipEvent(workspaceId)]);
    const second = (await deliveriesOf(endpoint.id)).find((row) => row.id !== first!.id)!;
    clock = new Date(start + 5 * SECOND);
    const failed = await workUntilSettled(first!.id);

    expect(failed).toMatchObject({ status: 'failed', attempts: 8, responseStatus: 500 });
    const offsets = receiver.received
      .filter((request) => request.headers['webhook-id'] === first!.messageId)
      .map((request) => Number(request.headers['webhook-timestamp']) * SECOND - start);
    expect(offsets).toEqual([0, 5, 305, 2105, 9305, 27305, 63305, 86400].map((seconds) => seconds * SECOND));

    const [disabled] = await database.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(disabled).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures(24) });
    expect(await database.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, second.id))).toMatchObject([
      { status: 'failed', attempts: 0, error: WEBHOOK_MESSAGES.endpointDisabled },
    ]);
    expect(await queuedJobs(NOTIFY_WEBHOOK_DISABLED_JOB.name, 'endpointId', endpoint.id)).toHaveLength(1);
    await notifyWebhookDisabled(services, { endpointId: endpoint.id });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: `${workspaceId}@example.com`, subject: 'A webhook endpoint was disabled' });
    expect(mails[0]?.text).toContain(receiver.url);
    expect(mails[0]?.text).toContain('The last attempt: The receiver answered 500.');
    expect(mails[0]?.text).toContain('https://agentcast.example/settings#webhooks-title');

    // No new events go to it; enabling it again starts afresh.
    expect(await emitWebhookEvents(services, [skipEvent(workspaceId)])).toBe(0);
    const enabled = await updateWebhookEndpoint(services, { workspaceId, endpointId: endpoint.id }, { enabled: true });
    expect(enabled).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null, failing_since: null });
    expect(await emitWebhookEvents(services, [skipEvent(workspaceId)])).toBe(1);
  });

  it('leaves a delivery to the worker holding it, and takes it over once a dead worker’s lease has run out', async () => {
    const workspaceId = await newAccount();
    const { endpoint } = await newEndpoint(workspaceId);
    await emitWebhookEvents(services, [skipEvent(workspaceId)]);
    const [delivery] = await deliveriesOf(endpoint.id);
    // A worker claims it and dies before its request is recorded.
    expect(
      await claimWebhookDelivery(database.db, { deliveryId: delivery!.id, now: clock, leaseMs: 60 * SECOND }),
    ).toMatchObject({
      kind: 'claimed',
    });
    await expect(deliverWebhook(services, { deliveryId: delivery!.id })).rejects.toThrow(/held by another worker/);
    expect(receiver.received).toHaveLength(0);

    clock = new Date(clock.getTime() + 61 * SECOND);
    await deliverWebhook(services, { deliveryId: delivery!.id });
    await deliverWebhook(services, { deliveryId: delivery!.id });
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it(`takes at most ${WEBHOOK_REQUESTS_PER_ACCOUNT} of an account’s deliveries at once, and puts the next back in its group for a moment later`, async () => {
    const workspaceId = await newAccount();
    const { endpoint } = await newEndpoint(workspaceId);
    await emitWebhookEvents(
      services,
      Array.from({ length: WEBHOOK_REQUESTS_PER_ACCOUNT + 1 }, () => skipEvent(workspaceId)),
    );
    const [next, ...others] = await deliveriesOf(endpoint.id);
    const claim = (deliveryId: string) =>
      claimWebhookDelivery(database.db, { deliveryId, now: clock, leaseMs: services.timing.leaseMs });
    for (const other of others) expect(await claim(other.id)).toMatchObject({ kind: 'claimed' });

    // The account's requests are all out: this one waits, though free and due; another account's does not.
    expect(await claim(next!.id)).toEqual({ kind: 'over-share', workspaceId });
    await deliverWebhook(services, { deliveryId: next!.id });
    expect(receiver.received).toHaveLength(0);
    const jobs = await queuedJobs(DELIVER_WEBHOOK_JOB.name, 'deliveryId', next!.id);
    expect(jobs.at(-1)).toMatchObject({ group_id: workspaceId });
    expect(new Date(jobs.at(-1)!.start_after)).toEqual(new Date(clock.getTime() + services.timing.shareRetryMs));
    const stranger = await newAccount();
    const { endpoint: theirs } = await newEndpoint(stranger);
    await emitWebhookEvents(services, [skipEvent(stranger)]);
    const [their] = await deliveriesOf(theirs.id);
    expect(await claim(their!.id)).toMatchObject({ kind: 'claimed' });

    // One request ends (its attempt recorded, which lets the lease go): the place is free again.
    await database.db.update(webhookDelivery).set({ leaseUntil: null }).where(eq(webhookDelivery.id, others[0]!.id));
    await deliverWebhook(services, { deliveryId: next!.id });
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id)).find((row) => row.id === next!.id)).toMatchObject({
      status: 'delivered',
    });
  });

  it('signs with the new and the previous secret during a rotation’s grace period, then with the new one alone', async () => {
    const workspaceId = await newAccount();
    const { endpoint, secret: previous } = await newEndpoint(workspaceId);
    const { secret, previous_secret_expires_at } = await rotateWebhookSecret(services, {
      workspaceId,
      endpointId: endpoint.id,
    });
    expect(previous_secret_expires_at).toBe(new Date(clock.getTime() + 24 * HOUR).toISOString());

    await emitWebhookEvents(services, [skipEvent(workspaceId)]);
    await workUntilSettled((await deliveriesOf(endpoint.id))[0]!.id);
    const [during] = receiver.received;
    expect((during!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expectSignedBy(secret, during!);
    expectSignedBy(previous, during!);

    clock = new Date(clock.getTime() + 24 * HOUR + SECOND);
    await emitWebhookEvents(services, [skipEvent(workspaceId)]);
    const latest = (await deliveriesOf(endpoint.id)).find((row) => row.status === 'pending')!;
    await workUntilSettled(latest.id);
    const after = receiver.received.at(-1)!;
    expect((after.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expectSignedBy(secret, after);
  });
});

describe('resending and testing', () => {
  it('resends the same message now, and sends a test event whatever the endpoint subscribes to', async () => {
    const workspaceId = await newAccount();
    const { endpoint } = await newEndpoint(workspaceId, ['draft.created']);
    const test = await sendTestWebhook(services, { workspaceId, endpointId: endpoint.id });
    expect(test).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    await workUntilSettled(test.id);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id, message: WEBHOOK_MESSAGES.testEvent },
    });

    clock = new Date(clock.getTime() + 2 * HOUR);
    const resent = await resendWebhookDelivery(services, { workspaceId, endpointId: endpoint.id, deliveryId: test.id });
    expect(resent).toMatchObject({ status: 'pending', attempts: 1, message_id: test.message_id });
    const settled = await workUntilSettled(test.id);
    expect(settled).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      test.message_id,
      test.message_id,
    ]);

    const stranger = await newAccount();
    await expect(
      resendWebhookDelivery(services, { workspaceId: stranger, endpointId: endpoint.id, deliveryId: test.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await updateWebhookEndpoint(services, { workspaceId, endpointId: endpoint.id }, { enabled: false });
    await expect(sendTestWebhook(services, { workspaceId, endpointId: endpoint.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: WEBHOOK_MESSAGES.endpointDisabled,
    });
  });
});
