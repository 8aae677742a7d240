// The low-level Server, not McpServer: McpServer's registerTool parses the arguments with the tool's zod schema and
// hands the handler the parsed value. That would refuse input in the SDK's words instead of the API's, and fill in
// every default, so that an edit of one field would reset the others. Here the arguments go to the API as given.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import serverPackage from '../../package.json' with { type: 'json' };
import type { CallApi } from './api-caller.ts';
import { MCP_TOOLS } from './mcp-tools.ts';
import { runTool } from './run-tool.ts';

const TOOLS_BY_NAME = new Map(MCP_TOOLS.map((tool) => [tool.definition.name, tool]));
const TOOL_DEFINITIONS = MCP_TOOLS.map((tool) => tool.definition);

const INSTRUCTIONS =
  'Agentcast runs AI agents that write and publish posts to social accounts (X, LinkedIn, Instagram, YouTube, ' +
  'Threads, Facebook Pages, Bluesky, Mastodon, Telegram, Discord, Farcaster) and to their terminal. These tools act as the owner of the API key, with the same rules as the app: the plan’s ' +
  'daily quotas, the membership gate, and a read key may only read. Triggering an agent, approving a draft and ' +
  'composing a post publish for real. A refused call returns the API’s message; correct the input and try again.';

/** An MCP server whose every tool is one call of the API through `callApi` (its transport is the caller's). */
export const createMcpServer = (callApi: CallApi) => {
  const server = new Server(
    { name: 'agentcast', title: 'Agentcast', version: serverPackage.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_DEFINITIONS }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const tool = TOOLS_BY_NAME.get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool is named ${params.name}.`);
    return runTool(tool, params.arguments ?? {}, callApi);
  });
  return server;
};
