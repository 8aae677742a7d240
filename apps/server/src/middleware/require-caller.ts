import { createMiddleware } from 'hono/factory';
import { API_KEY_MESSAGES, API_KEY_RATE_LIMIT } from '@agentcast/contracts/api-keys';
import { authenticateApiKey } from '@agentcast/core/domains/api-keys/authenticate-api-key';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { AppEnv } from '../app-env.ts';
import { readBearerKey } from './read-bearer-key.ts';
import { requireSession, type SessionCheck } from './require-session.ts';
import { keyWorkspace } from './caller-workspace.ts';

const READ_METHODS = new Set(['GET', 'HEAD']);
const POLICY = `"api-key";q=${API_KEY_RATE_LIMIT.requests};w=${API_KEY_RATE_LIMIT.windowSeconds}`;

/**
 * The routes other programs may use (issue 18 §1): a signed-in session as requireSession checks it, or a personal
 * API key in `Authorization: Bearer`, which stands for its maker in its workspace under the same later checks (membership gate,
 * quotas, ownership). A `read` key may only GET. Each key has a rate limit, told in the IETF draft's
 * `RateLimit-Policy` and `RateLimit` headers on every answer, and a 429 with `Retry-After` past it.
 */
export const requireCaller = (session: SessionCheck) => {
  const sessionOnly = requireSession(session);
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = readBearerKey(c);
    if (key === undefined) return sessionOnly(c, next);
    const caller = key ? await authenticateApiKey(session.db, key) : null;
    if (!caller) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.invalidKey);
    const { remaining, resetSeconds } = caller.rate;
    c.header('RateLimit-Policy', POLICY);
    c.header('RateLimit', `"api-key";r=${Math.max(0, remaining)};t=${resetSeconds}`);
    if (remaining < 0)
      throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited(resetSeconds), {
        retryAfterSeconds: resetSeconds,
      });
    if (caller.scope === 'read' && !READ_METHODS.has(c.req.method))
      throw new AppError('FORBIDDEN', API_KEY_MESSAGES.readOnly);
    c.set('user', caller.user);
    c.set('workspace', keyWorkspace(c, caller.workspace));
    c.set('apiKeyId', caller.keyId);
    await next();
  });
};
