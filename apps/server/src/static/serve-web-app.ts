import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, everything else revalidates.
 * Unknown paths get index.html (history fallback) so the client router can take them; /api never does.
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
