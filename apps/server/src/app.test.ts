import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';
import { readJson } from './testing/http-client.ts';

let server: TestServer;
beforeAll(async () => {
  const distDir = mkdtempSync(join(tmpdir(), 'agentcast-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Agentcast</title><div id="root"></div>');
  writeFileSync(join(distDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(() => server.close());

const get = (path: string) => fetch(new URL(path, server.url));

describe('the HTTP app', () => {
  it('answers the health check', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 'ok' });
  });

  it.each(['/', '/api/health', '/api/nope', '/assets/index-Ab12Cd34.js', '/auth/linkedin/callback'])(
    'sends the security headers on %s',
    async (path) => {
      const response = await get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // Development: no HSTS, which would pin localhost to https.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it("lets only the landing page load X's embed script", async () => {
    const landing = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(landing).toMatch(
      /script-src 'self' https:\/\/platform\.twitter\.com https:\/\/cdn\.syndication\.twimg\.com;/,
    );
    expect(landing).toContain('frame-src https://platform.twitter.com https://syndication.twitter.com;');
    for (const path of ['/login', '/dashboard', '/api/health', '/auth/linkedin/callback']) {
      const csp = (await get(path)).headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-src 'none';");
      expect(csp, path).not.toContain('twitter');
    }
  });

  it('answers unknown API routes with a JSON 404, never the app page', async () => {
    const response = await get('/api/nope');
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/nope' });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const response = await fetch(new URL('/api/auth/sign-in/email', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toMatch(/Malformed JSON/i);
  });
});

describe('serving the web app', () => {
  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('revalidates the page and other files', async () => {
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client routes with the app page (history fallback)', async () => {
    for (const path of ['/dashboard', '/login', '/some/unknown/page']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves the OAuth callback page (spec §6: public) without cutting the popup from its opener', async () => {
    const callback = await get('/auth/linkedin/callback?code=c&state=s');
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain('<div id="root">');
    expect(callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    // Every other page keeps its popups' openers but is not reachable from other windows.
    expect((await get('/agent-builder')).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    expect((await get('/assets/index-missing.js')).status).toBe(404);
  });

  it('never serves files outside the build directory', async () => {
    const response = await get('/..%2f..%2fpackage.json');
    expect(await response.text()).not.toContain('"workspaces"');
  });
});
