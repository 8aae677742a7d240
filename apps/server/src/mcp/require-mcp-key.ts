import { createMiddleware } from 'hono/factory';
import { API_KEY_MESSAGES } from '@agentcast/contracts/api-keys';
import { authenticateApiKey } from '@agentcast/core/domains/api-keys/authenticate-api-key';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { readBearerKey } from '../middleware/read-bearer-key.ts';
import { keyWorkspace } from '../middleware/caller-workspace.ts';

export const MCP_KEY_REQUIRED_MESSAGE =
  'The MCP endpoint needs a personal API key: send Authorization: Bearer agc_… (create one in Settings).';

/**
 * /mcp answers only a valid API key, before any MCP message is read: a client without one is told so with a 401
 * (not an MCP session whose every tool fails), and never a session cookie, which the tools would not pass on anyway.
 * Each request counts against the key's rate limit, as an API request does; what the key may do (its scope, the
 * membership gate) is decided by the API routes the tools call with it.
 */
export const requireMcpKey = (db: Database) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = readBearerKey(c);
    const caller = key ? await authenticateApiKey(db, key) : null;
    if (!caller) {
      c.get('logger').warn(
        { method: c.req.method, path: c.req.path, status: 401, ip: c.get('clientIp') },
        'Authorization failure',
      );
      c.header('WWW-Authenticate', 'Bearer realm="Agentcast"');
      throw new AppError('UNAUTHENTICATED', key === undefined ? MCP_KEY_REQUIRED_MESSAGE : API_KEY_MESSAGES.invalidKey);
    }
    // For the request log: who made this request.
    c.set('user', caller.user);
    c.set('workspace', keyWorkspace(c, caller.workspace));
    c.set('apiKeyId', caller.keyId);
    const { remaining, resetSeconds } = caller.rate;
    if (remaining < 0)
      throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited(resetSeconds), {
        retryAfterSeconds: resetSeconds,
      });
    await next();
  });
