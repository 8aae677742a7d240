import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { putOnPlan, signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let llm: OpenAiFake;
let server: TestServer;
let owner: HttpClient;
beforeAll(async () => {
  llm = await startOpenAiFake();
  server = await startTestServer({ llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 } });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');
});
afterAll(async () => {
  await server.close();
  await llm.close();
});

const createAgent = async (browser: HttpClient, overrides = {}) =>
  (await readJson(await browser.post('/api/agents', validAgent(overrides)))) as Agent;

const terminalOf = async (browser: HttpClient, agentId: string, query = '') =>
  (await readJson(await browser.get(`/api/terminal?agent_id=${agentId}${query}`))) as TerminalPage;

describe('triggering an agent with a language model', () => {
  it('sends the whole agent to the model and records its answer in the terminal', async () => {
    const agent = await createAgent(owner, {
      prompt: 'You are Market Pulse, calm and data-first.',
      model: 'gpt-4o-mini',
      sample_posts: ['Fed day again. Breathe. #Macro'],
      sample_questions: [{ question: 'Should I buy?', answer: 'We never give financial advice.' }],
      custom_context: 'Our readers are long-term investors.',
      data_sources: ['Market data', 'News feeds'],
      // X named: this server has no X app, so omitted clients would be the terminal alone (no 280-character rule).
      post_configuration: { topics: ['rates', 'bonds'], clients: ['terminal', 'x'] },
    });
    llm.enqueue({ content: '"Rates held steady today; the long end did the talking. #Macro"' });

    const response = await owner.post(`/api/agents/${agent.id}/trigger`, {
      message: 'Write a tweet about AI',
      user_id: 'ignored',
    });

    expect(response.status).toBe(200);
    const { data } = (await readJson(response)) as { data: TerminalMessage };
    expect(data).toMatchObject({
      agent_id: agent.id,
      tweet_content: 'Rates held steady today; the long end did the talking. #Macro',
      model: 'gpt-4o-mini',
      is_offline: false,
      trigger: 'manual',
      instruction: 'Write a tweet about AI',
    });
    const request = llm.requests.at(-1);
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('gpt-4o-mini');
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    for (const part of [
      'You are Market Pulse, calm and data-first.',
      'Fed day again. Breathe. #Macro',
      'Q: Should I buy?',
      'A: We never give financial advice.',
      'Our readers are long-term investors.',
      'Market data, News feeds',
      'At most 280 characters',
      // The instruction names a subject of its own: the agent's topics still reach the model.
      'Your topics: rates, bonds.',
    ]) {
      expect(system?.content).toContain(part);
    }
    // The spec's fixed message is every trigger's: the agent's own topics decide what the post is about (issue 41 §2).
    expect(user?.role).toBe('user');
    expect(user?.content).toMatch(/^Write your next post\.\nThe topic of this post: (rates|bonds)$/);
    expect((await terminalOf(owner, agent.id)).messages.map((message) => message.message_id)).toEqual([
      data.message_id,
    ]);
  });

  it('uses the spec’s instruction when the request has none, the agent’s topics deciding the subject', async () => {
    const agent = await createAgent(owner);
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`))) as { data: TerminalMessage };
    expect(data.instruction).toBe('Write a tweet about AI');
    expect(llm.requests.at(-1)?.body.messages[1]?.content).toMatch(
      /^Write your next post\.\nThe topic of this post: (markets|AI)$/,
    );
  });

  it('records where the post goes, and then a clear error for each platform without a connected account', async () => {
    const agent = await createAgent(owner, {
      post_configuration: { topics: ['AI'], clients: ['terminal', 'x', 'linkedin'] },
    });
    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };
    // The answer is read when the post is recorded; its deliveries may already have moved on by then.
    expect(data.deliveries.map(({ platform }) => platform)).toEqual(['terminal', 'linkedin', 'x']);
    expect(data.deliveries[0]?.status).toBe('posted');
    for (const delivery of data.deliveries.slice(1)) expect(['ready', 'failed']).toContain(delivery.status);
    await expect
      .poll(async () =>
        (await terminalOf(owner, agent.id)).messages[0]?.deliveries.map(({ platform, status, error }) => ({
          platform,
          status,
          error,
        })),
      )
      .toEqual([
        { platform: 'terminal', status: 'posted', error: undefined },
        { platform: 'linkedin', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('linkedin') },
        { platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') },
      ]);
  });

  it('answers a failing model with a clear error and writes no terminal entry', async () => {
    const agent = await createAgent(owner);
    llm.enqueue({ status: 500 });

    const response = await owner.post(`/api/agents/${agent.id}/trigger`, {});

    expect(response.status).toBe(502);
    expect((await readJson(response)).message).toBe('The language model failed (500): 500 Fake failure 500');
    expect((await terminalOf(owner, agent.id)).messages).toEqual([]);
  });

  it('never runs or shows another user’s agent', async () => {
    const agent = await createAgent(owner);
    const stranger = (await signUpVerifiedUser(server)).browser;
    const before = llm.requests.length;

    expect((await stranger.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(404);
    expect((await stranger.get(`/api/terminal?agent_id=${agent.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/terminal/stream?agent_id=${agent.id}`)).status).toBe(404);
    expect(llm.requests.length).toBe(before);
  });
});

describe('the terminal', () => {
  it('pages through a long history, newest first, without gaps or repeats', async () => {
    const agent = await createAgent(owner);
    const produced: string[] = [];
    // Distinct words per post: near-duplicates of an earlier post would be skipped, not published.
    const topics = ['agents', 'benchmarks', 'chips', 'datasets', 'evals'];
    for (let index = 0; index < 25; index++) {
      llm.enqueue({ content: `Post number ${index} on ${topics[index % 5]} and ${topics[Math.floor(index / 5)]}` });
      produced.unshift(
        ((await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as { data: TerminalMessage }).data
          .message_id,
      );
    }

    const first = await terminalOf(owner, agent.id);
    const second = await terminalOf(owner, agent.id, `&before=${first.next_before}`);

    expect(first.messages).toHaveLength(20);
    expect(second.messages).toHaveLength(5);
    expect(second.next_before).toBeNull();
    expect([...first.messages, ...second.messages].map((message) => message.message_id)).toEqual(produced);
    expect(first.messages[0]?.tweet_content).toBe('Post number 24 on evals and evals');
  });

  it('answers without an agent with all the account’s agents (terminal-filters.test), and refuses a bad cursor', async () => {
    expect((await owner.get('/api/terminal')).status).toBe(200);
    const agent = await createAgent(owner);
    const bad = await owner.get(`/api/terminal?agent_id=${agent.id}&before=nonsense`);
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).message).toBe('The page cursor "before" is not valid.');
  });
});

describe('near-duplicate posts', () => {
  const repeated = 'Small models keep getting better: the gap to frontier models shrinks every quarter. #AI';

  it('are written again, with the earlier post named to the model, and what goes out is the rewrite', async () => {
    const agent = await createAgent(owner);
    llm.enqueue({ content: repeated });
    expect((await owner.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    const rewrite = 'Inference prices fell 80% this year; budgets moved to evaluation and data. #AI';
    llm.enqueue({ content: `${repeated.replace('every', 'each')}` }, { content: rewrite });

    const { data } = (await readJson(await owner.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: TerminalMessage;
    };

    expect(data.tweet_content).toBe(rewrite);
    const [system] = llm.requests.at(-1)?.body.messages ?? [];
    expect(system?.content).toContain(
      `You already posted these; write something clearly different, not a rewording of them:\n- ${repeated}`,
    );
  });

  it('are skipped after two rewrites, with a terminal note naming the earlier post, and a trigger says why', async () => {
    const agent = await createAgent(owner);
    llm.enqueue({ content: repeated });
    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    llm.enqueue({ content: repeated }, { content: `${repeated}!` }, { content: repeated.toUpperCase() });

    const refused = await owner.post(`/api/agents/${agent.id}/trigger`, {});

    expect(refused.status).toBe(409);
    const reason = (await readJson(refused)).message as string;
    // The banner says "Failed to trigger agent: " before it: the terminal note's "Skipped: " is not said twice.
    expect(reason).toMatch(
      /^The post came out too close to the one of \d{4}-\d\d-\d\d \d\d:\d\d UTC \("Small models keep getting better/,
    );
    const page = await terminalOf(owner, agent.id);
    expect(page.messages[0]?.notes).toEqual([`Skipped: t${reason.slice(1)}`]);
    expect(page.messages.filter((message) => message.tweet_content !== '')).toHaveLength(1);
  });
});
