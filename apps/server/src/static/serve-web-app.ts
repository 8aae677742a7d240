import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the web build writes its prerendered pages (apps/web/build/prerender.ts): / is index.html, /login login.html. */
const PAGES_DIR = 'pages';

/** The request path a prerendered page's file answers. */
const pathOfPage = (fileName: string) => {
  const name = fileName.slice(0, -'.html'.length);
  return name === 'index' ? '/' : `/${name}`;
};

/**
 * The prerendered pages (the landing page, /login, the legal pages), each at its own path, so the browser paints
 * its text before any script runs. Read once at start-up: the build does not change under a running server.
 */
const createPrerenderedPageRoutes = (distDir: string) => {
  const app = new Hono<AppEnv>();
  const pagesDir = join(distDir, PAGES_DIR);
  if (!existsSync(pagesDir)) return app;
  for (const fileName of readdirSync(pagesDir).filter((name) => /^[a-z0-9-]+\.html$/.test(name))) {
    const servePage = serveStatic<AppEnv>({ root: pagesDir, path: fileName, precompressed: true });
    const path = pathOfPage(fileName);
    app.get(path, (c, next) => {
      // Before the body is made: serveStatic's onFound runs after, too late for a route handler's response.
      c.header('Cache-Control', 'no-cache');
      return servePage(c, next);
    });
    // A form submitted before the page's script took over (the login form posts, so a password never lands in
    // the address): the body is not read, the browser gets the page again, now with its script running.
    app.post(path, (c) => c.redirect(path, 303));
  }
  return app;
};

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, everything else revalidates.
 * The prerendered pages answer their own paths; other paths get index.html, the app's empty page (history
 * fallback), so the client router can take them; /api never does.
 * Precompressed .br/.gz siblings written by the build are sent when the browser accepts them.
 */
export const createWebAppRoutes = (distDir: string) => {
  const app = new Hono<AppEnv>();
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).', 503),
    );
  }
  return app
    .route('/', createPrerenderedPageRoutes(distDir))
    .use(
      '*',
      serveStatic({
        root: distDir,
        precompressed: true,
        onFound: (path, c) => {
          c.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
        },
      }),
    )
    .get('*', (c, next) => {
      // A missing hashed asset is a real 404, not a page: answering HTML would hide a broken deploy.
      if (c.req.path.startsWith('/assets/')) return c.notFound();
      return next();
    })
    .get(
      '*',
      serveStatic({
        path: indexFile,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'no-cache');
        },
      }),
    );
};
