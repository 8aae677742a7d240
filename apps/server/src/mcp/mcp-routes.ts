import { Hono } from 'hono';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { createApiCaller } from './api-caller.ts';
import { requireMcpKey } from './require-mcp-key.ts';

export const MCP_PATH = '/mcp';

/** One JSON-RPC message with a tool's arguments: an agent's longest texts fit; files go through the app, not here. */
const MAX_MCP_BODY_BYTES = 1024 * 1024;

/** The app's own handler, given the node server's bindings so that the API sees the same client as /mcp did. */
export type FetchApp = (request: Request, bindings: unknown) => Promise<Response>;

/** Headers the API calls carry over from the /mcp request: the key, and the proxies' view of the client. */
const FORWARDED_HEADERS = ['authorization', 'x-forwarded-for'];

/**
 * The MCP SDK (about 40 MB and 0.4 s to load) comes with the first request to /mcp, not at start-up. Node keeps the
 * modules once loaded, so later requests cost a resolved promise.
 */
const loadMcpServer = () =>
  Promise.all([
    import('./create-mcp-server.ts'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);

const methodNotAllowed = () =>
  Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST to /mcp.' },
      id: null,
    },
    { status: 405, headers: { allow: 'POST' } },
  );

/**
 * The MCP server over streamable HTTP at /mcp, stateless: each POST gets a server and transport of its own and a
 * JSON answer, so any process can answer any request and nothing is kept between them (no session, no stream for
 * GET). Its tools call the API in process, with the request's own Authorization, through every middleware and
 * check an API request meets. DNS rebinding protection is not needed: nothing here is authorized by a cookie or by
 * the address it was sent to, only by the key in the header, which a rebound page does not have.
 */
export const createMcpRoutes = ({ db, fetchApp }: { db: Database; fetchApp: FetchApp }) =>
  new Hono<AppEnv>()
    .use(MCP_PATH, requireMcpKey(db))
    .post(MCP_PATH, async (c) => {
      const headers = Object.fromEntries(
        FORWARDED_HEADERS.flatMap((name) => {
          const value = c.req.header(name);
          return value === undefined ? [] : [[name, value]];
        }),
      );
      const callApi = createApiCaller({
        baseUrl: new URL(c.req.url).origin,
        headers,
        send: (request) => fetchApp(request, c.env),
      });
      const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadMcpServer();
      const server = createMcpServer(callApi);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: MAX_MCP_BODY_BYTES,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        await server.close();
      }
    })
    .all(MCP_PATH, methodNotAllowed);
