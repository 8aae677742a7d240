import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTE_GROUPS } from '@agentcast/contracts/api/all-routes';
import { PUBLIC, SESSION_ONLY, SESSION_OR_KEY } from '@agentcast/contracts/api/define-route';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@agentcast/contracts/api-keys';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // With a web build, so that the SPA's history fallback is there to take /docs/api if the routes let it.
  const distDir = mkdtempSync(join(tmpdir(), 'agentcast-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>The SPA</title><div id="root"></div>');
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(() => server?.close());

const ROUTES = ALL_ROUTE_GROUPS.flatMap(({ routes }) => Object.values(routes));
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/**
 * What the app mounts under /api outside the contract: its middleware and 404 (ALL /api/*), the session cache's
 * clearing after changes (ALL /api/auth/*, /api/account/*), better-auth's own.
 */
const NOT_CONTRACT = new Set([
  'ALL /api/*',
  'ALL /api/auth/*',
  'ALL /api/account/*',
  'GET /api/auth/*',
  'POST /api/auth/*',
]);

type Document = {
  paths: Record<string, Record<string, unknown>>;
  servers: unknown;
  components: { securitySchemes: Record<string, unknown> };
};
const fetchDocument = async () => (await readJson(await fetch(new URL('/api/openapi.json', server.url)))) as Document;

/** `GET /api/agents/{id}` for each route the app mounts under /api, Hono's `:id` written as OpenAPI's `{id}`. */
const mountedApiRoutes = (routes: { method: string; path: string }[]) =>
  new Set(
    routes
      .filter(({ path }) => path.startsWith('/api/'))
      .map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !NOT_CONTRACT.has(route)),
  );

const documentedRoutes = (document: Document) =>
  new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => HTTP_METHODS.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );

/** A route's path with every parameter filled (a UUID: no such resource, and of the right form where one is asked). */
const samplePath = (path: string) => path.replace(/\{\w+\}/g, () => crypto.randomUUID());

/** A request as a program sends it; an open event stream is cancelled once its status is known. */
const send = async (method: string, path: string, headers: Record<string, string>) => {
  const response = await fetch(new URL(samplePath(path), server.url), { method: method.toUpperCase(), headers });
  const body = response.headers.get('content-type')?.startsWith('application/json')
    ? ((await response.json()) as { message?: string })
    : null;
  if (!response.bodyUsed) await response.body?.cancel();
  return { status: response.status, body, headers: response.headers };
};

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that validates, every reference resolved, served from PUBLIC_URL', async () => {
    const response = await fetch(new URL('/api/openapi.json', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const document = (await response.json()) as Document & { openapi: string };

    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers).toEqual([{ url: server.url }]);
  });

  it('describes every route the server mounts under /api, and only those', async () => {
    const mounted = mountedApiRoutes(server.routes);
    const documented = documentedRoutes(await fetchDocument());
    expect([...mounted].sort()).toEqual([...documented].sort());
    expect(mounted.size).toBeGreaterThan(40);

    // The comparison is not vacuous: a route mounted beside the contract shows up.
    const extra = mountedApiRoutes([...server.routes, { method: 'GET', path: '/api/agents/:id/secrets' }]);
    expect([...extra].filter((route) => !documented.has(route))).toEqual(['GET /api/agents/{id}/secrets']);
  });

  it('declares the two schemes, the session cookie by the name the server sets', async () => {
    const { securitySchemes } = (await fetchDocument()).components;
    const { browser } = await signUpVerifiedUser(server);
    expect(securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: [...browser.cookies.keys()][0] }),
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });
});

describe('the routes’ declared security', () => {
  it('is PUBLIC, SESSION_ONLY or SESSION_OR_KEY on every route of the contract', () => {
    for (const route of ROUTES) expect([PUBLIC, SESSION_ONLY, SESSION_OR_KEY], route.path).toContain(route.security);
  });

  it('is what the server does: a key is refused where the session alone may go, and acts where keys may', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const created = await browser.post('/api/account/api-keys', { name: 'Every route', scope: 'read-write' });
    const { key } = (await readJson(created)) as CreatedApiKey;
    const withKey = { authorization: `Bearer ${key}` };

    for (const { method, path } of ROUTES.filter((route) => route.security === SESSION_ONLY)) {
      const { status, body } = await send(method, path, withKey);
      expect({ method, path, status, body }).toEqual({
        method,
        path,
        status: 403,
        body: { code: 'FORBIDDEN', message: API_KEY_MESSAGES.sessionOnly },
      });
    }
    for (const { method, path } of ROUTES.filter((route) => route.security === SESSION_OR_KEY)) {
      const { status, body, headers } = await send(method, path, withKey);
      // The rate limit headers are set only once requireCaller has taken the key.
      expect({ method, path, rateLimited: headers.has('ratelimit-policy') }).toEqual({
        method,
        path,
        rateLimited: true,
      });
      expect({ method, path, status, message: body?.message }).not.toMatchObject({ status: 401 });
      expect({ method, path, message: body?.message }).not.toEqual({
        method,
        path,
        message: API_KEY_MESSAGES.sessionOnly,
      });
      expect(status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it('is what the server does for public routes: no credentials are asked for', async () => {
    for (const { method, path } of ROUTES.filter((route) => route.security === PUBLIC)) {
      const { status } = await send(method, path, { origin: server.url });
      expect({ method, path, status }).not.toMatchObject({ status: 401 });
      expect(status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

describe('GET /docs/api', () => {
  it('is a page that loads Swagger UI and its start from this server, with no inline script, pointed at the document', async () => {
    const response = await fetch(new URL('/docs/api', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    const page = await response.text();
    expect(page).toContain('<title>Agentcast API reference</title>');
    expect(page).toContain('<div id="reference" data-url="/api/openapi.json"></div>');
    expect(page).toContain('<a href="/api/openapi.json">');
    // Every script comes from a file: the CSP would stop an inline one.
    const scripts = [...page.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(scripts).toEqual([
      expect.stringMatching(/^ src="\/docs\/api\/swagger-ui-bundle\.[0-9a-f]{16}\.js"$/),
      expect.stringMatching(/^ src="\/docs\/api\/init\.[0-9a-f]{16}\.js"$/),
    ]);
    const stylesheets = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href);
    expect(stylesheets).toEqual([
      expect.stringMatching(/^\/docs\/api\/swagger-ui\.[0-9a-f]{16}\.css$/),
      expect.stringMatching(/^\/docs\/api\/page\.[0-9a-f]{16}\.css$/),
    ]);

    const get = async (path: string) => {
      const asset = await fetch(new URL(path, server.url), { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-encoding'), path).toBe('gzip');
      expect(asset.headers.get('cache-control'), path).toContain('immutable');
      return { type: asset.headers.get('content-type'), text: await asset.text() };
    };
    const [bundle, init] = [
      await get(/src="([^"]+)"/.exec(scripts[0]!)![1]!),
      await get(/src="([^"]+)"/.exec(scripts[1]!)![1]!),
    ];
    expect(bundle.type).toMatch(/^text\/javascript/);
    expect(bundle.text).toContain('SwaggerUIBundle');
    expect(init.type).toMatch(/^text\/javascript/);
    expect(init.text).toContain("dom_id: '#reference'");
    // Swagger UI's validator badge would send the document's address to validator.swagger.io.
    expect(init.text).toContain('validatorUrl: null');
    const [swaggerCss, pageCss] = [await get(stylesheets[0]!), await get(stylesheets[1]!)];
    expect(swaggerCss.type).toMatch(/^text\/css/);
    expect(swaggerCss.text).toContain('.swagger-ui');
    expect(pageCss.text).toContain('.agc-header');

    // Without gzip, the file as it is.
    const plain = await fetch(new URL(stylesheets[1]!, server.url), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(pageCss.text);

    for (const unknown of ['/docs/api/init.0123456789abcdef.js', '/docs/api/swagger-ui.0123456789abcdef.css']) {
      expect((await fetch(new URL(unknown, server.url))).status, unknown).toBe(404);
    }
  });
});
