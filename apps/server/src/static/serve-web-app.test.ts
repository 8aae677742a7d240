import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWebAppRoutes } from './serve-web-app.ts';

// A build as apps/web/build/prerender.ts leaves it: the app's empty page plus prerendered pages in pages/.
const page = (text: string) => `<!doctype html><title>Agentcast</title><div id="root"><h1>${text}</h1></div>`;
let routes: ReturnType<typeof createWebAppRoutes>;
beforeAll(() => {
  const distDir = mkdtempSync(join(tmpdir(), 'agentcast-dist-'));
  mkdirSync(join(distDir, 'pages'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Agentcast</title><div id="root"></div>');
  writeFileSync(join(distDir, 'pages/index.html'), page('Automate your social media'));
  writeFileSync(join(distDir, 'pages/login.html'), page('Welcome back'));
  writeFileSync(join(distDir, 'pages/login.html.gz'), gzipSync(page('Welcome back')));
  writeFileSync(join(distDir, 'pages/privacy.html'), page('Privacy Policy'));
  routes = createWebAppRoutes(distDir);
});

const get = (path: string, headers: Record<string, string> = {}) => routes.request(path, { headers });

describe('serving the prerendered pages', () => {
  it('answers each prerendered path with its own page, revalidated on every visit', async () => {
    for (const [path, heading] of [
      ['/', 'Automate your social media'],
      ['/login', 'Welcome back'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain(`<h1>${heading}</h1>`);
    }
  });

  it('sends the precompressed page when the browser accepts it', async () => {
    const response = await get('/login', { 'accept-encoding': 'gzip, deflate' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('<h1>Welcome back</h1>');
  });

  it('answers every other client route with the empty app page', async () => {
    for (const path of ['/dashboard', '/login/extra', '/pages/login.html'.replace('.html', ''), '/nowhere']) {
      const body = await (await get(path)).text();
      expect(body).toContain('<div id="root"></div>');
    }
  });

  it('answers a form posted to a prerendered page before its script ran by sending the page again', async () => {
    const response = await routes.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&password=secret',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login');
  });

  it('keeps the query string out of the choice of page', async () => {
    expect(await (await get('/login?verified=1')).text()).toContain('<h1>Welcome back</h1>');
  });
});
