import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Agent } from '@agentcast/contracts/agents';
import type { AgentsPage } from '@agentcast/contracts/agents-page';
import type { CreatedApiKey } from '@agentcast/contracts/api-keys';
import { AGENT_NOT_FOUND_MESSAGE } from '@agentcast/core/domains/ownership/find-owned-agent-row';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const STDIO_MAIN = fileURLToPath(new URL('../entries/mcp-stdio-main.ts', import.meta.url));
/** As `npm run mcp` runs it. */
const COMMAND = { command: process.execPath, args: ['--import', 'tsx', STDIO_MAIN], cwd: repository };

let server: TestServer;
let key: string;
let agent: Agent;
beforeAll(async () => {
  server = await startTestServer();
  const { browser } = await signUpVerifiedUser(server);
  key = (
    (await readJson(
      await browser.post('/api/account/api-keys', { name: 'Desktop', scope: 'read-write' }),
    )) as CreatedApiKey
  ).key;
  agent = (await readJson(await browser.post('/api/agents', validAgent()))) as Agent;
});
afterAll(() => server?.close());

/** The stdio server as an assistant starts it, with this environment, and the SDK's client talking to it. */
const startStdio = async (env: Record<string, string>) => {
  const transport = new StdioClientTransport({ ...COMMAND, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'agentcast-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
};

const textOf = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;

const closedPort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

describe('the MCP server over stdio', () => {
  it('calls the API at AGENTCAST_URL with AGENTCAST_API_KEY, and passes its refusals on', async () => {
    const { client, stderr } = await startStdio({ AGENTCAST_URL: server.url, AGENTCAST_API_KEY: key });
    try {
      expect((await client.listTools()).tools).toHaveLength(15);
      const listed = (await client.callTool({ name: 'list_agents', arguments: {} })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      expect((JSON.parse(textOf(listed)) as AgentsPage).agents.map(({ id }) => id)).toEqual([agent.id]);

      const missing = (await client.callTool({
        name: 'get_agent',
        arguments: { id: '00000000-0000-4000-8000-000000000000' },
      })) as CallToolResult;
      expect(missing).toMatchObject({ isError: true, content: [{ type: 'text', text: AGENT_NOT_FOUND_MESSAGE }] });
      expect(stderr()).toContain(`Agentcast MCP server on stdio, calling ${server.url}`);
    } finally {
      await client.close();
    }
  });

  it('says so when Agentcast cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const { client } = await startStdio({ AGENTCAST_URL: url, AGENTCAST_API_KEY: key });
    try {
      const result = (await client.callTool({ name: 'list_agents', arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(`Agentcast could not be reached at ${url} (ECONNREFUSED). Is it running there?`);
    } finally {
      await client.close();
    }
  });

  it('exits with 1 and a message on stderr, and nothing on stdout, without an API key', async () => {
    const run = promisify(execFile)(COMMAND.command, COMMAND.args, {
      cwd: COMMAND.cwd,
      env: { PATH: process.env.PATH, AGENTCAST_URL: server.url },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('AGENTCAST_API_KEY is required'),
    });
  });
});
