import { createMiddleware } from 'hono/factory';
import { reserveLinkPageRequest } from '@agentcast/core/domains/accounts/link-page-throttle';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';

/** Before a route that a link's token opens without signing in: at most so many requests per address (429). */
export const throttleLinkPages = (db: Database) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await reserveLinkPageRequest(db, { ip: c.get('clientIp') });
    await next();
  });
