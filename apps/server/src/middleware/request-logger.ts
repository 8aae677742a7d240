import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import type { AppEnv } from '../app-env.ts';

/**
 * One line per API (and MCP) request, naming who made it: the user, and the id of the API key when one was used
 * (never the key). Only the path is logged, never the query string: verification and OAuth links carry tokens
 * there. Static files are not logged.
 */
export const requestLogger = (logger: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('logger', logger);
    if (!c.req.path.startsWith('/api/') && c.req.path !== '/mcp') return next();
    const startedAt = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(performance.now() - startedAt),
      ip: c.get('clientIp'),
      userId: c.get('user')?.id,
      workspaceId: c.get('workspace')?.id,
      keyId: c.get('apiKeyId'),
    };
    if (status === 401 || status === 403) logger.warn(line, 'Authorization failure');
    else if (status >= 500) logger.error(line, 'Request failed');
    else logger.info(line, 'Request');
  });
