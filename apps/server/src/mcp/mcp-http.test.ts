import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_MESSAGES, type Agent } from '@agentcast/contracts/agents';
import { AGENTS_CURSOR_INVALID, type AgentsPage } from '@agentcast/contracts/agents-page';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@agentcast/contracts/api-keys';
import type { Draft, DraftComment } from '@agentcast/contracts/drafts';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import { TERMINAL_STATUS_FILTERS, type TerminalMessage, type TerminalPage } from '@agentcast/contracts/terminal';
import { AGENT_NOT_FOUND_MESSAGE } from '@agentcast/core/domains/ownership/find-owned-agent-row';
import { putOnPlan, signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { MCP_KEY_REQUIRED_MESSAGE } from './require-mcp-key.ts';

let server: TestServer;
let writerKey: string;
let writer: Client;
let reader: Client;
let stranger: Client;
const clients: Client[] = [];

const createKey = async (browser: HttpClient, scope: 'read' | 'read-write') => {
  const response = await browser.post('/api/account/api-keys', { name: `MCP ${scope}`, scope });
  return ((await readJson(response)) as CreatedApiKey).key;
};

/** An MCP client of the SDK on /mcp, with this key in the header as an assistant's configuration sends it. */
const connect = async (key: string) => {
  const client = new Client({ name: 'agentcast-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signUpVerifiedUser(server);
  await putOnPlan(server, owner.email, 'enterprise');
  writerKey = await createKey(owner.browser, 'read-write');
  writer = await connect(writerKey);
  reader = await connect(await createKey(owner.browser, 'read'));
  stranger = await connect(await createKey((await signUpVerifiedUser(server)).browser, 'read-write'));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const textOf = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;

/** A successful call's answer, as the API gave it. */
const answer = async <Answer>(client: Client, name: string, args: Record<string, unknown> = {}) => {
  const result = await call(client, name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  return JSON.parse(textOf(result)) as Answer;
};

/** A refused call's text, the API's message. */
const refusal = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const result = await call(client, name, args);
  expect(result.isError).toBe(true);
  return textOf(result);
};

const newAgent = (overrides: Parameters<typeof validAgent>[0] = {}) =>
  answer<Agent>(writer, 'create_agent', {
    ...validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients: ['terminal'] } }),
    ...overrides,
  });

describe('the MCP server over streamable HTTP', () => {
  it('lists every tool with a description, its annotations and an input schema from its route', async () => {
    const { tools } = await writer.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));

    expect([...byName.keys()].sort()).toEqual(
      [
        'approve_draft',
        'comment_on_draft',
        'compose_post',
        'create_agent',
        'edit_draft',
        'get_agent',
        'get_calendar',
        'get_schedule',
        'get_usage',
        'list_agents',
        'list_drafts',
        'read_terminal',
        'reject_draft',
        'trigger_agent',
        'update_agent',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
    }
    const create = byName.get('create_agent')!;
    expect(create.inputSchema.properties).toHaveProperty('post_configuration.properties.topics');
    expect(create.inputSchema.properties).not.toHaveProperty('pending_connections');
    expect(byName.get('get_agent')?.inputSchema.required).toEqual(['id']);
    expect(byName.get('update_agent')?.inputSchema.required).toEqual(['id']);
    expect(byName.get('update_agent')?.inputSchema.properties).not.toHaveProperty('meme.default');
    expect(byName.get('approve_draft')?.inputSchema.required).toEqual(['ids']);
    expect(byName.get('comment_on_draft')?.inputSchema.required).toEqual(['id', 'body']);
    expect(byName.get('read_terminal')?.inputSchema.properties).toHaveProperty('status.enum', TERMINAL_STATUS_FILTERS);
    for (const name of ['list_agents', 'get_agent', 'list_drafts', 'read_terminal', 'get_usage', 'get_schedule'])
      expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
    for (const name of ['trigger_agent', 'approve_draft', 'compose_post'])
      expect(byName.get(name)?.annotations?.openWorldHint, name).toBe(true);
    expect(byName.get('reject_draft')?.annotations?.destructiveHint).toBe(true);
  });

  it('creates, reads and changes an agent, triggers it and reads its post in the terminal', async () => {
    const created = await newAgent({ sample_posts: ['Small models, big week. #AI'] });
    expect(created).toMatchObject({ name: 'Market Pulse', sample_posts: ['Small models, big week. #AI'] });

    const listed = await answer<AgentsPage>(writer, 'list_agents');
    expect(listed.agents.map((agent) => agent.id)).toContain(created.id);
    // A page at a time: the cursor of one page gives the next, each agent once.
    const second = await newAgent({ name: 'Second Pulse' });
    const firstPage = await answer<AgentsPage>(writer, 'list_agents', { limit: 1 });
    expect(firstPage.agents.map((agent) => agent.id)).toEqual([second.id]);
    const nextPage = await answer<AgentsPage>(writer, 'list_agents', { limit: 1, cursor: firstPage.next_cursor });
    expect(nextPage.agents.map((agent) => agent.id)).toEqual([created.id]);
    expect(await refusal(writer, 'list_agents', { cursor: 'not-a-cursor' })).toBe(AGENTS_CURSOR_INVALID);
    expect((await call(writer, 'get_agent', { id: created.id })).structuredContent).toMatchObject({ id: created.id });

    // Only the field given changes: the rest keep their values rather than a new agent's defaults.
    const renamed = await answer<Agent>(writer, 'update_agent', { id: created.id, name: 'Model Watch' });
    expect(renamed).toMatchObject({
      name: 'Model Watch',
      sample_posts: created.sample_posts,
      activities: ['post'],
      post_configuration: created.post_configuration,
    });

    const { data } = await answer<{ data: TerminalMessage }>(writer, 'trigger_agent', {
      id: created.id,
      message: 'Write about small language models',
    });
    expect(data).toMatchObject({ agent_id: created.id, instruction: 'Write about small language models' });
    expect(data.tweet_content.length).toBeGreaterThan(0);

    const page = await answer<TerminalPage>(writer, 'read_terminal', { agent_id: created.id, limit: 5 });
    expect(page.messages[0]).toMatchObject({ message_id: data.message_id, tweet_content: data.tweet_content });
  });

  it('holds a reviewed agent’s posts as drafts: one commented on, edited and approved, one rejected', async () => {
    const agent = await newAgent({ review_before_posting: true });
    for (let index = 0; index < 2; index++) await answer(writer, 'trigger_agent', { id: agent.id });
    const waiting = async () =>
      (await answer<{ drafts: Draft[] }>(writer, 'list_drafts')).drafts.filter((draft) => draft.agent.id === agent.id);
    const [kept, dropped] = await waiting();
    expect(kept && dropped).toBeTruthy();

    const remark = 'Checked by an assistant: the numbers match the source.';
    expect(await answer<DraftComment>(writer, 'comment_on_draft', { id: kept!.id, body: remark })).toMatchObject({
      body: remark,
      changes_requested: false,
      mentions: [],
    });
    expect((await waiting()).find((draft) => draft.id === kept!.id)?.comments).toMatchObject([{ body: remark }]);
    expect(await refusal(reader, 'comment_on_draft', { id: kept!.id, body: remark })).toBe(API_KEY_MESSAGES.readOnly);

    const text = 'Edited by an assistant before it went out. #AI';
    expect(await answer<Draft>(writer, 'edit_draft', { id: kept!.id, text })).toMatchObject({ id: kept!.id, text });
    const { approved } = await answer<{ approved: { id: string }[] }>(writer, 'approve_draft', {
      ids: [kept!.id],
      now: true,
    });
    expect(approved.map((draft) => draft.id)).toEqual([kept!.id]);
    expect(await answer(writer, 'reject_draft', { id: dropped!.id, reason: 'Off topic' })).toEqual({ success: true });

    expect(await waiting()).toEqual([]);
    const terminal = await answer<TerminalPage>(writer, 'read_terminal', { agent_id: agent.id });
    expect(terminal.messages.find((message) => message.message_id === dropped!.message_id)?.notes).toContain(
      'Rejected in review: Off topic',
    );
    expect(terminal.messages.map((message) => message.tweet_content)).toContain(text);
  });

  it('composes a post, and reads usage, the schedule and the calendar', async () => {
    const agent = await newAgent();
    const usedBefore = (await answer<UsageSummary>(writer, 'get_usage')).today.posts;
    const text = 'Written by a person, posted by the agent. #AI';

    expect(await answer<TerminalMessage>(writer, 'compose_post', { id: agent.id, text })).toMatchObject({
      agent_id: agent.id,
      tweet_content: text,
    });
    const usage = await answer<UsageSummary>(writer, 'get_usage');
    expect(usage).toMatchObject({ plan: { id: 'enterprise' }, today: { posts: usedBefore + 1 } });
    const { schedules } = await answer<{ schedules: AgentSchedule[] }>(writer, 'get_schedule');
    expect(schedules).toContainEqual(expect.objectContaining({ agent_id: agent.id, kind: 'post' }));
    const calendar = await call(writer, 'get_calendar');
    expect(calendar.structuredContent?.agents).toContainEqual(expect.objectContaining({ agent_id: agent.id }));
  });

  it('answers the API’s refusals as tool errors, in the API’s words', async () => {
    const invalid = await refusal(writer, 'create_agent', { name: ' ', description: 'd', prompt: 'p' });
    expect(invalid).toContain(AGENT_MESSAGES.nameRequired);
    expect(invalid).toContain(`name: ${AGENT_MESSAGES.nameRequired}`);
    expect(invalid).toContain(`post_configuration.topics: ${AGENT_MESSAGES.topicsRequired}`);

    const agent = await newAgent();
    expect(await refusal(stranger, 'get_agent', { id: agent.id })).toBe(AGENT_NOT_FOUND_MESSAGE);
    expect(await refusal(stranger, 'trigger_agent', { id: agent.id })).toBe(AGENT_NOT_FOUND_MESSAGE);
    expect(await refusal(writer, 'get_agent', {})).toContain('id:');
    // An id is checked before it becomes a path: `..` would otherwise reach another route.
    for (const id of ['..', '.', 'not-an-id', `${agent.id}/..`])
      expect(await refusal(writer, 'update_agent', { id, name: 'renamed' })).toContain('id must be an id');
    expect((await answer<Agent>(writer, 'get_agent', { id: agent.id })).name).not.toBe('renamed');
    expect(await refusal(writer, 'edit_draft', { id: agent.id })).toContain('Nothing to change.');

    // A read key reads, and is refused anything else by the API, as it is over HTTP.
    expect((await answer<AgentsPage>(reader, 'list_agents')).agents.map((listed) => listed.id)).toContain(agent.id);
    expect(await refusal(reader, 'create_agent', validAgent())).toBe(API_KEY_MESSAGES.readOnly);
    await expect(writer.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(
      'No tool is named delete_everything.',
    );
  });

  it('answers malformed MCP requests with a 4xx', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(new URL('/mcp', server.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${writerKey}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...headers,
        },
        body,
      });
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_agents' } });

    expect((await post('{"jsonrpc":')).status).toBe(400);
    expect((await post('{"not":"json-rpc"}')).status).toBe(400);
    expect((await post(call, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(call, { accept: 'application/json' })).status).toBe(406);
    expect((await post(JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }))).status).toBe(413);
  });

  it('answers 401 without a valid API key, before any MCP message is read, and 405 but to POST', async () => {
    const initialize = (headers: Record<string, string>) =>
      fetch(new URL('/mcp', server.url), {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
      });

    const missing = await initialize({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="Agentcast"');
    expect(await missing.json()).toEqual({ code: 'UNAUTHENTICATED', message: MCP_KEY_REQUIRED_MESSAGE });
    const invalid = await initialize({ authorization: 'Bearer agc_not-a-key' });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 'UNAUTHENTICATED', message: API_KEY_MESSAGES.invalidKey });
    // A signed-in browser's cookie does not open it either.
    const cookie = [...(await signUpVerifiedUser(server)).browser.cookies].map(([name, value]) => `${name}=${value}`);
    expect((await initialize({ cookie: cookie.join('; ') })).status).toBe(401);

    // Stateless: no stream to open, no session to end.
    const get = await fetch(new URL('/mcp', server.url), { headers: { authorization: `Bearer ${writerKey}` } });
    expect(get.status).toBe(405);

    const client = new Client({ name: 'agentcast-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
      requestInit: { headers: { authorization: 'Bearer agc_revoked' } },
    });
    await expect(client.connect(transport)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining(API_KEY_MESSAGES.invalidKey),
    });
  });
});
