import { createMiddleware } from 'hono/factory';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { AppEnv } from '../app-env.ts';
import { readBearerKey } from './read-bearer-key.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The Vite dev server (`npm run dev`) proxies /api, so in development its pages post from this origin. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * The origins whose pages may change anything through the API: the public URL's, and in development the Vite dev
 * server's. better-auth is given the same list, so the two checks never disagree.
 */
export const allowedOrigins = ({ publicUrl, isProduction }: { publicUrl: string; isProduction: boolean }) => {
  const origins = new Set([new URL(publicUrl).origin]);
  if (!isProduction) origins.add(VITE_DEV_ORIGIN);
  return [...origins];
};

const TELEGRAM_WEBHOOK_PREFIX = '/api/telegram/webhook/';
const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

/**
 * Refuses every state-changing request that a page of another site could have made the browser send with the
 * person's session cookie (docs/decisions/018-cross-site-requests.md). Browsers send `Origin` on every POST, PUT,
 * PATCH and DELETE, and `Sec-Fetch-Site` where they support it; both must say the request came from our own pages.
 * Unlike Hono's `csrf`, this covers every content type (not only the form ones that skip CORS preflight) and needs
 * both headers to agree, and its answer goes through the one error table.
 */
export const requireSameOrigin = (origins: string[]) => {
  const allowed = new Set(origins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Authorized by its API key alone, never by a cookie (requireCaller, requireSession): nothing to forge. Sign-in
    // and the rest of better-auth know only cookies, so they stay checked.
    if (readBearerKey(c) !== undefined && !c.req.path.startsWith('/api/auth/')) return next();
    // Telegram's calls to a bot's webhook: authorized by the secret they carry, never by a cookie.
    if (c.req.path.startsWith(TELEGRAM_WEBHOOK_PREFIX)) return next();
    // Stripe's events: authorized by their signature, never by a cookie.
    if (c.req.path === STRIPE_WEBHOOK_PATH) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const crossSite = fetchSite !== undefined && fetchSite !== 'same-origin';
    if (!origin || !allowed.has(origin) || crossSite) {
      const from = !origin ? 'a request without an Origin header' : `a request from ${origin}`;
      throw new AppError(
        'FORBIDDEN',
        `Refused ${from}: changes are accepted only from Agentcast's own pages (${[...allowed].join(' or ')}).`,
      );
    }
    await next();
  });
};
