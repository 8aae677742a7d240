import { Hono } from 'hono';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import type { AppEnv } from '../app-env.ts';

/**
 * The pages a search engine may index: the landing page, the login page (people search for "agentcast login") and
 * the legal pages. Everything else needs an account.
 */
const PUBLIC_PAGES = [PATHS.home, PATHS.login, ...LEGAL_PAGES.map((page) => page.path)];

/** Gated or private paths: crawling them only yields the sign-in page or an API error. */
const DISALLOWED = ['/api/', '/dashboard', '/agent-builder', '/settings', '/auth/', '/storage/'];

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');

export const sitemapXml = (publicUrl: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${absolute(publicUrl, path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

/**
 * /robots.txt and /sitemap.xml, written from PUBLIC_URL (a sitemap needs absolute addresses, which a file in the
 * web build cannot know). Before the SPA's history fallback, which would otherwise answer them with index.html.
 */
export const createSeoRoutes = (publicUrl: string) =>
  new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robotsTxt(publicUrl));
    })
    .get('/sitemap.xml', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(sitemapXml(publicUrl), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    });
