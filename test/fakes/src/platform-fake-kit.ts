import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One part of a multipart/form-data body. */
export type RecordedPart = { name: string; value?: string; filename?: string; contentType?: string; bytes?: Buffer };

/** Everything a fake received, so tests assert exact payloads, headers and media bytes. */
export type RecordedRequest = {
  method: string;
  /** The path and query exactly as sent (encoding included). */
  url: string;
  path: string;
  /** The route it matched, e.g. 'POST /2/media/upload/:id/append'; '' when none did. */
  route: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The raw body and its length in bytes. */
  body: Buffer;
  bodyBytes: number;
  json?: unknown;
  parts?: RecordedPart[];
};

export type FakeReply = {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  /** The work is done, then the connection is lost without an answer (a drop one route's handler decides). */
  drop?: boolean;
};

export type RouteContext = { request: RecordedRequest; params: Record<string, string> };
export type Route = {
  method: string;
  pattern: string;
  handle: (context: RouteContext) => FakeReply | Promise<FakeReply>;
};

/** What a scripted call does instead of (or after) the normal handling. */
type Scripted =
  | { type: 'fail'; reply: FakeReply }
  /** `afterAccept`: the platform does the work (a post is created) and only then the answer is lost. */
  | { type: 'hang' | 'drop'; afterAccept: boolean };

export type FailOptions = {
  status: number;
  times?: number;
  /** For 429: when the platform will accept calls again (rate-limit headers in the platform's own form). */
  retryAfterSeconds?: number;
  /** Replaces the platform's standard error body for this status. */
  body?: unknown;
};
export type InterruptOptions = { times?: number; afterAccept?: boolean };

export type PlatformFakeConfig = {
  routes: Route[];
  /** false: keep no record of the requests (benchmarks: thousands of them, none inspected). */
  recordRequests?: boolean;
  /** The platform's answer to an unknown path. */
  notFound: (request: RecordedRequest) => FakeReply;
  /** The platform's error answer for a scripted failure. */
  errorReply: (status: number, retryAfterSeconds: number | undefined) => FakeReply;
  /** Headers added to every answer (e.g. X's rate-limit counters). */
  commonHeaders?: () => Record<string, string>;
};

export type PlatformFakeServer = {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The requests that matched one route, in order. */
  requestsTo: (route: string) => RecordedRequest[];
  /** The next `times` calls of the route fail with this status (no work is done). */
  failNext: (route: string, options: FailOptions) => void;
  /** The next calls are held open and never answered (until close). */
  hangNext: (route: string, options?: InterruptOptions) => void;
  /** The next calls lose their connection without an answer. */
  dropNext: (route: string, options?: InterruptOptions) => void;
  /** Every call of the route waits this long before it is handled (0: no wait). */
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Parsed by hand rather than with Response.formData(): that one turns a part without a filename into a string,
 * and twitter-api-v2 sends media chunks as such parts, so the bytes would be decoded as text.
 */
const parseMultipart = (body: Buffer, contentType: string): RecordedPart[] => {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: RecordedPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const section = body.subarray(start + delimiter.length + 2, next - 2); // after CRLF, before CRLF
    const headerEnd = section.indexOf('\r\n\r\n');
    const headers = section.subarray(0, headerEnd).toString('utf8');
    const content = Buffer.from(section.subarray(headerEnd + 4));
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(headers)?.[1];
    const partType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    const isFile = filename !== undefined || (partType !== undefined && !partType.startsWith('text/'));
    parts.push(
      isFile ? { name, filename, contentType: partType, bytes: content } : { name, value: content.toString('utf8') },
    );
    start = next;
  }
  return parts;
};

const parseBody = (body: Buffer, contentType: string) => {
  if (body.length === 0) return {};
  if (contentType.startsWith('application/json')) {
    try {
      return { json: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      return { json: undefined };
    }
  }
  if (contentType.startsWith('multipart/form-data')) return { parts: parseMultipart(body, contentType) };
  return {};
};

const matchPattern = (pattern: string, path: string) => {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return null;
  }
  return params;
};

/**
 * The plumbing shared by the platform fakes: a loopback HTTP server with routes, a record of every request, and a
 * script of failures (a status, a hang, a dropped connection — before or after the work is done) per route.
 */
export const startPlatformFakeServer = async (config: PlatformFakeConfig): Promise<PlatformFakeServer> => {
  const requests: RecordedRequest[] = [];
  const scripts = new Map<string, Scripted[]>();
  const delays = new Map<string, number>();
  const script = (route: string, entry: Scripted, times = 1) => {
    const queue = scripts.get(route) ?? [];
    for (let count = 0; count < times; count += 1) queue.push(entry);
    scripts.set(route, queue);
  };

  const send = (response: ServerResponse, reply: FakeReply) => {
    const headers: Record<string, string> = { ...config.commonHeaders?.(), ...reply.headers };
    if (reply.json === undefined) {
      response.writeHead(reply.status, headers).end();
      return;
    }
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(reply.json));
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://fake.local');
    const body = await readBody(incoming);
    const method = incoming.method ?? 'GET';
    const recorded: RecordedRequest = {
      method,
      url: incoming.url ?? '/',
      path: url.pathname,
      route: '',
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body,
      bodyBytes: body.length,
      ...parseBody(body, String(incoming.headers['content-type'] ?? '')),
    };
    if (config.recordRequests !== false) requests.push(recorded);

    for (const route of config.routes) {
      const params = route.method === method ? matchPattern(route.pattern, url.pathname) : null;
      if (!params) continue;
      recorded.route = `${route.method} ${route.pattern}`;
      const delayMs = delays.get(recorded.route);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const scripted = scripts.get(recorded.route)?.shift();
      if (scripted?.type === 'fail') return send(response, scripted.reply);
      if (scripted && !scripted.afterAccept) return interrupt(response, scripted.type);
      const reply = await route.handle({ request: recorded, params });
      if (scripted) return interrupt(response, scripted.type);
      if (reply.drop) return interrupt(response, 'drop');
      return send(response, reply);
    }
    return send(response, config.notFound(recorded));
  };

  const interrupt = (response: ServerResponse, type: 'hang' | 'drop') => {
    if (type === 'drop') response.socket?.destroy();
    // A hang answers nothing; close() ends the connection.
  };

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`Fake failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    requestsTo: (route) => requests.filter((request) => request.route === route),
    failNext: (route, { status, times, retryAfterSeconds, body }) => {
      const reply = config.errorReply(status, retryAfterSeconds);
      script(route, { type: 'fail', reply: body === undefined ? reply : { ...reply, json: body } }, times);
    },
    hangNext: (route, { times, afterAccept = false } = {}) => script(route, { type: 'hang', afterAccept }, times),
    dropNext: (route, { times, afterAccept = false } = {}) => script(route, { type: 'drop', afterAccept }, times),
    slowDown: (route, delayMs) => void delays.set(route, delayMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
