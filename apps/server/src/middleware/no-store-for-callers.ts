import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/**
 * `Cache-Control: no-store` on every answer to someone signed in or holding a key, and on everything under
 * /api/auth and /api/account: what a person's agents, drafts and account hold is written to no cache, the browser's
 * disk cache on a shared computer included. A route's own `private, no-cache` (the agents list's ETags) gives way:
 * programs that send If-None-Match still get their 304s, browsers simply ask again.
 */
export const noStoreForCallers = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const { path } = c.req;
    const isPersonal =
      c.get('user') !== undefined ||
      path.startsWith('/api/auth/') ||
      path.startsWith('/api/account/') ||
      path === '/mcp';
    if (isPersonal) c.header('cache-control', 'no-store');
  });
