import type { RouteConfig } from '@hono/zod-openapi';

/** What one call of a route carries: its path parameters, its query string and its JSON body. */
export type ApiInputs = { params: Record<string, string>; query: Record<string, string>; json?: unknown };

/** Sends one request of the contract to the API and resolves with its answer, whatever the status. */
export type CallApi = (route: Pick<RouteConfig, 'method' | 'path'>, inputs: ApiInputs) => Promise<Response>;

type ApiCallerOptions = {
  /** Where the API is; a path in it is kept (`https://example.com/agentcast/` → `…/agentcast/api/agents`). */
  baseUrl: string;
  /** Sent with every request: the API key's Authorization, and what else the caller must pass on. */
  headers: Record<string, string>;
  /** The network (fetch) for the stdio server; the app itself in process for /mcp. */
  send: (request: Request) => Promise<Response>;
};

/** The API as a tool calls it, by the contract's route: the path filled in, the query and JSON body encoded. */
export const createApiCaller = ({ baseUrl, headers, send }: ApiCallerOptions): CallApi => {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return (route, { params, query, json }) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const url = new URL(path.replace(/^\//, ''), base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const hasBody = json !== undefined;
    return send(
      new Request(url, {
        method: route.method.toUpperCase(),
        headers: { accept: 'application/json', ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        body: hasBody ? JSON.stringify(json) : undefined,
      }),
    );
  };
};
