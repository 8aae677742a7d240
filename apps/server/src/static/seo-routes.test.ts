import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { robotsTxt, sitemapXml } from './seo-routes.ts';

let server: TestServer;
beforeAll(async () => {
  // A built web app is there, so a wrong order of routes would answer with its page (the bug this guards).
  const distDir = mkdtempSync(join(tmpdir(), 'agentcast-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Agentcast</title><div id="root"></div>');
  server = await startTestServer({ webDistDir: distDir, runWorker: false });
});
afterAll(() => server.close());

describe('robots.txt and sitemap.xml', () => {
  it('answers /robots.txt as plain text with a Sitemap line, not the app page', async () => {
    const response = await fetch(new URL('/robots.txt', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(new RegExp(`^Sitemap: ${server.url}/sitemap\\.xml$`, 'm'));
    expect(text).not.toContain('<div id="root">');
  });

  it('lists the landing page and the legal pages in /sitemap.xml, as XML', async () => {
    const response = await fetch(new URL('/sitemap.xml', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      ['/', '/login', '/privacy', '/terms', '/cookies', '/security'].map((path) => `${server.url}${path}`),
    );
  });
});

describe('their texts', () => {
  it('keep the gated pages and the API out of the index, and follow PUBLIC_URL', () => {
    const text = robotsTxt('https://agentcast.example.com');
    for (const path of ['/api/', '/dashboard', '/agent-builder', '/settings'])
      expect(text).toContain(`Disallow: ${path}`);
    expect(text).not.toContain('Disallow: /login');
    expect(text).toContain('Sitemap: https://agentcast.example.com/sitemap.xml');
    expect(sitemapXml('https://agentcast.example.com')).toContain('<loc>https://agentcast.example.com/terms</loc>');
  });
});
