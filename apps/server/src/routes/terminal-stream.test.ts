import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { DeliveryStatus, RunProgress, TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { MAX_STREAMS_PER_USER } from '../http/stream-slots.ts';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { openEventStream } from '../testing/event-stream.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SETTLED: DeliveryStatus[] = ['posted', 'failed', 'skipped'];
const cookieOf = (browser: HttpClient) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
// X chosen explicitly: this server has no X app, so an agent that omits its clients would post to the Terminal only.
const createAgent = async (browser: HttpClient) =>
  (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({ post_configuration: { topics: ['markets'], clients: ['terminal', 'x'] } }),
    ),
  )) as Agent;

describe('live terminal updates', () => {
  it('pushes a new message to its owner’s stream, and to nobody else’s', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const { browser: stranger } = await signUpVerifiedUser(server);
    const agent = await createAgent(owner);
    const ownerStream = await openEventStream(`${server.url}/api/terminal/stream?agent_id=${agent.id}`, {
      cookie: cookieOf(owner),
    });
    const strangerStream = await openEventStream(`${server.url}/api/terminal/stream`, { cookie: cookieOf(stranger) });
    await ownerStream.next('ready');
    await strangerStream.next('ready');

    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    // The entry arrives as 'message'; its X delivery (no account connected) then fails, sent as 'updated' — at about
    // the time the trigger answers, so the answer may show either state. The stream must end on the stored one.
    const streamed = [JSON.parse((await ownerStream.next('message')).data) as TerminalMessage];
    while (streamed.at(-1)?.deliveries.some((delivery) => !SETTLED.includes(delivery.status))) {
      streamed.push(JSON.parse((await ownerStream.next('updated')).data) as TerminalMessage);
    }
    const stored = ((await readJson(await owner.get(`/api/terminal?agent_id=${agent.id}`))) as TerminalPage)
      .messages[0];

    expect(streamed.map((message) => message.message_id)).toEqual(streamed.map(() => data.message_id));
    expect(streamed.at(-1)).toEqual(stored);
    expect(stored?.deliveries.find((delivery) => delivery.platform === 'x')?.status).toBe('failed');
    expect({ ...streamed[0], deliveries: [] }).toEqual({ ...data, deliveries: [] });
    expect(data.is_offline).toBe(true);
    expect(data.model).toBe('offline-writer');
    // The stranger's own post reaches their stream after the owner's events, which the one event bus delivers in
    // order: anything of the owner's sent to the stranger would have arrived before it.
    const theirs = await createAgent(stranger);
    await stranger.post(`/api/agents/${theirs.id}/trigger`, {});
    await strangerStream.next('message');
    const messagesSeen = strangerStream.received.filter((event) => event.event === 'message');
    expect(new Set(messagesSeen.map((event) => (JSON.parse(event.data) as TerminalMessage).agent_id))).toEqual(
      new Set([theirs.id]),
    );
    ownerStream.close();
    strangerStream.close();
  });
});

describe('trigger progress', () => {
  it('pushes each step of a triggered run — writing, then publishing to X — to its owner only', async () => {
    const { browser: owner } = await signUpVerifiedUser(server);
    const { browser: stranger } = await signUpVerifiedUser(server);
    const agent = await createAgent(owner);
    const ownerStream = await openEventStream(`${server.url}/api/terminal/stream`, { cookie: cookieOf(owner) });
    const strangerStream = await openEventStream(`${server.url}/api/terminal/stream`, { cookie: cookieOf(stranger) });
    await ownerStream.next('ready');
    await strangerStream.next('ready');

    expect((await owner.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    const writing = JSON.parse((await ownerStream.next('progress')).data) as RunProgress;
    const publishing = JSON.parse((await ownerStream.next('progress')).data) as RunProgress;

    expect(writing).toMatchObject({ agent_id: agent.id, step: 'writing' });
    expect(publishing).toEqual({ agent_id: agent.id, run_id: writing.run_id, step: 'publishing', platform: 'x' });
    // As above: the stranger's own run's first step arrives after anything of the owner's would have.
    const theirs = await createAgent(stranger);
    await stranger.post(`/api/agents/${theirs.id}/trigger`, {});
    await strangerStream.next('progress');
    // Their run may have reached its second step by now: each step seen is theirs.
    const stepsSeen = strangerStream.received.filter((event) => event.event === 'progress');
    expect(new Set(stepsSeen.map((event) => (JSON.parse(event.data) as RunProgress).agent_id))).toEqual(
      new Set([theirs.id]),
    );
    ownerStream.close();
    strangerStream.close();
  });
});

describe('open streams', () => {
  it(`are capped at ${MAX_STREAMS_PER_USER} per person, with a clear 429, and a closed one frees its place`, async () => {
    const { browser } = await signUpVerifiedUser(server);
    const { browser: someoneElse } = await signUpVerifiedUser(server);
    const open = async (client: HttpClient) =>
      openEventStream(`${server.url}/api/terminal/stream`, { cookie: cookieOf(client) });
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open(browser)));
    await Promise.all(streams.map((stream) => stream.next('ready')));

    const refused = await fetch(`${server.url}/api/terminal/stream`, {
      headers: { cookie: cookieOf(browser), accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).message).toBe(
      `Too many live terminal streams: ${MAX_STREAMS_PER_USER} are open for your account already. Close some Agentcast tabs and try again.`,
    );
    // Another person is not affected.
    const theirs = await open(someoneElse);
    await theirs.next('ready');

    streams.pop()?.close();
    await expect
      .poll(async () => {
        const retry = await fetch(`${server.url}/api/terminal/stream`, { headers: { cookie: cookieOf(browser) } });
        await retry.body?.cancel();
        return retry.status;
      })
      .toBe(200);
    for (const stream of [...streams, theirs]) stream.close();
  });
});

describe('several server processes on one PostgreSQL database', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('deliver a message made by one to a stream held by another', async () => {
    // A second API process without a worker: the run happens in the first one.
    const second = await startTestServer({ database: server.database, runWorker: false });
    try {
      const { browser: owner } = await signUpVerifiedUser(server);
      const agent = await createAgent(owner);
      const stream = await openEventStream(`${second.url}/api/terminal/stream`, { cookie: cookieOf(owner) });
      await stream.next('ready');

      const triggered = await owner.post(`/api/agents/${agent.id}/trigger`, {});
      const pushed = await stream.next('message');

      expect(JSON.parse(pushed.data).message_id).toBe(
        ((await readJson(triggered)) as { data: TerminalMessage }).data.message_id,
      );
      stream.close();
    } finally {
      await second.close();
    }
  });
});
