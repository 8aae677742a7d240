import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedWebhookEndpoint, WebhookDelivery } from '@agentcast/contracts/webhooks';
import {
  DELIVER_WEBHOOK_JOB,
  WEBHOOK_REQUESTS_PER_ACCOUNT,
} from '@agentcast/core/domains/webhooks/deliver-webhook-job';
import { emitWebhookEvents, webhookPayload } from '@agentcast/core/domains/webhooks/emit-webhook-events';
import { webhookMessageId } from '@agentcast/core/integrations/webhooks/webhook-signature';
import { queryRows } from '@agentcast/db/query-rows';
import { webhookDelivery } from '@agentcast/db/schema/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@agentcast/test-fakes/webhook-receiver';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { readJson } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let server: TestServer;
/** Account A's six endpoints all point here; it hangs while the test holds it. */
let hanging: WebhookReceiver;
let prompt: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer();
  hanging = await startWebhookReceiver();
  prompt = await startWebhookReceiver();
});
afterAll(async () => {
  hanging?.release();
  await server?.close();
  await hanging?.close();
  await prompt?.close();
});

const accountWithEndpoints = async (url: string, count: number) => {
  const { browser } = await signUpVerifiedUser(server);
  const { id: workspaceId } = (await readJson(await browser.get('/api/auth/get-session'))).user as { id: string };
  const endpoints: string[] = [];
  for (let index = 0; index < count; index++) {
    const created = await browser.post('/api/webhooks', { url, events: ['run.skipped'], description: `#${index}` });
    expect(created.status).toBe(201);
    endpoints.push(((await readJson(created)) as CreatedWebhookEndpoint).endpoint.id);
  }
  return { browser, workspaceId, endpoints };
};

const skipped = (workspaceId: string) => {
  const runId = randomUUID();
  const at = new Date();
  return {
    workspaceId,
    type: 'run.skipped' as const,
    key: `run.skipped:${runId}`,
    at,
    data: {
      run_id: runId,
      agent: { id: randomUUID(), name: 'Busy' },
      trigger: 'schedule' as const,
      reason: 'Over quota',
      skipped_at: at.toISOString(),
    },
  };
};

const deliveryStates = (workspaceId: string) =>
  queryRows<{ status: string; leased: boolean }>(
    server.database.db,
    sql`SELECT status, lease_until IS NOT NULL AS leased FROM webhook_delivery WHERE workspace_id = ${workspaceId}`,
  );

/** A job as pg-boss 12 queued it before deliveries had a group: its payload alone. */
const queueWithoutGroup = async (deliveryIds: string[]) => {
  const ids = deliveryIds.map(() => randomUUID());
  await server.services.queue.insert(
    DELIVER_WEBHOOK_JOB.name,
    deliveryIds.map((deliveryId, index) => ({ id: ids[index], data: { deliveryId } })),
  );
  return ids;
};

const listOf = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const jobStates = (ids: string[]) =>
  queryRows<{ state: string; group_id: string | null }>(
    server.database.db,
    sql`SELECT state, group_id FROM pgboss.job WHERE id::text IN (${listOf(ids)})`,
  );

describe('the webhook worker’s fair share per account', () => {
  it(`keeps ${WEBHOOK_REQUESTS_PER_ACCOUNT} requests at most out for an account whose receivers hang, and delivers another account’s events meanwhile`, async () => {
    const hung = await accountWithEndpoints(hanging.url, 6);
    const other = await accountWithEndpoints(prompt.url, 1);
    hanging.hold();
    const events = Array.from({ length: 5 }, () => skipped(hung.workspaceId));
    const services = { db: server.database.db, queue: server.services.queue, now: () => new Date() };
    expect(await emitWebhookEvents(services, events)).toBe(30);
    await expect.poll(() => hanging.held().now, { timeout: 15_000 }).toBe(WEBHOOK_REQUESTS_PER_ACCOUNT);

    // The other account's test event goes out while the four requests hang.
    const sent = await other.browser.post(`/api/webhooks/${other.endpoints[0]}/test`);
    expect(((await readJson(sent)) as WebhookDelivery).event_type).toBe('webhook.test');
    await prompt.waitFor(1);
    expect(hanging.held()).toEqual({ now: WEBHOOK_REQUESTS_PER_ACCOUNT, most: WEBHOOK_REQUESTS_PER_ACCOUNT });

    // Jobs queued before groups existed are worked: the other account's delivery is sent...
    const [old] = await server.database.db
      .insert(webhookDelivery)
      .values({
        endpointId: other.endpoints[0]!,
        workspaceId: other.workspaceId,
        messageId: webhookMessageId(`old-job:${randomUUID()}`),
        eventType: 'run.skipped',
        payload: webhookPayload('run.skipped', new Date(), skipped(other.workspaceId).data),
        nextAttemptAt: new Date(),
      })
      .returning({ id: webhookDelivery.id });
    const oldJob = await queueWithoutGroup([old!.id]);
    await prompt.waitFor(2);
    await expect.poll(() => jobStates(oldJob), { timeout: 15_000 }).toEqual([{ state: 'completed', group_id: null }]);
    // ...and the hanging account's are held to its share all the same, and put back in its group for later.
    const waiting = (
      await queryRows<{ id: string }>(
        server.database.db,
        sql`SELECT id FROM webhook_delivery WHERE workspace_id = ${hung.workspaceId} AND lease_until IS NULL LIMIT 2`,
      )
    ).map((row) => row.id);
    const oldJobs = await queueWithoutGroup(waiting);
    await expect
      .poll(async () => (await jobStates(oldJobs)).map((job) => job.state), { timeout: 15_000 })
      .toEqual(['completed', 'completed']);
    const putBack = await queryRows<{ group_id: string }>(
      server.database.db,
      sql`SELECT group_id FROM pgboss.job WHERE name = ${DELIVER_WEBHOOK_JOB.name} AND state = 'created'
        AND data->>'deliveryId' IN (${listOf(waiting)})`,
    );
    // Each has its own first job, still waiting for its group, and the one put back.
    expect(putBack.map((job) => job.group_id)).toEqual(Array(4).fill(hung.workspaceId));
    expect(hanging.held()).toEqual({ now: WEBHOOK_REQUESTS_PER_ACCOUNT, most: WEBHOOK_REQUESTS_PER_ACCOUNT });
    const states = await deliveryStates(hung.workspaceId);
    expect(states.filter((state) => state.leased)).toHaveLength(WEBHOOK_REQUESTS_PER_ACCOUNT);
    expect(states.filter((state) => state.status === 'pending')).toHaveLength(30);

    // Once the receiver answers, the rest go out too.
    hanging.release();
    await expect
      .poll(
        async () => (await deliveryStates(hung.workspaceId)).filter((state) => state.status === 'delivered').length,
        {
          timeout: 25_000,
        },
      )
      .toBe(30);
    expect(hanging.received).toHaveLength(30);
  });
});
