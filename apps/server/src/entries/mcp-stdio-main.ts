// `npm run --silent mcp`: the MCP server on stdin/stdout, for assistants that start it as a local process. Its tools
// call Agentcast's API over the network with AGENTCAST_API_KEY. Stdout carries the protocol alone: everything else
// goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiCaller } from '../mcp/api-caller.ts';
import { createMcpServer } from '../mcp/create-mcp-server.ts';
import { readStdioConfig } from '../mcp/stdio-config.ts';

// eslint-disable-next-line no-restricted-properties -- a client of the API, configured apart from the server (env.ts)
const config = readStdioConfig(process.env);
if (!config.ok) {
  for (const problem of config.problems) console.error(problem);
  process.exit(1);
}
const { url, apiKey } = config;

const reasonOf = (error: unknown) => {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return 'code' in cause ? String(cause.code) : cause.message;
  return error instanceof Error ? error.message : String(error);
};

/** fetch, with a failure to connect told as a sentence the assistant can pass on. */
const send = async (request: Request) => {
  try {
    return await fetch(request);
  } catch (error) {
    throw new Error(`Agentcast could not be reached at ${url} (${reasonOf(error)}). Is it running there?`, {
      cause: error,
    });
  }
};

const server = createMcpServer(createApiCaller({ baseUrl: url, headers: { authorization: `Bearer ${apiKey}` }, send }));
await server.connect(new StdioServerTransport());
console.error(`Agentcast MCP server on stdio, calling ${url}`);
// The client closes stdin to end the session (the MCP stdio transport's shutdown).
process.stdin.once('end', () => process.exit(0));
