import { createMiddleware } from 'hono/factory';
import { findSessionUser, type SessionUser } from '@agentcast/core/domains/accounts/find-session-user';
import type { Database } from '@agentcast/db/client';

/** How long a session, once found, is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

export type SessionUserCache = {
  /** The user behind a (verified) session token, from memory when it was looked up in the last 2 s. */
  find: (db: Database, token: string) => Promise<SessionUser | null>;
  /** Forgets every session: after anything that may have ended one. */
  clear: () => void;
};

/**
 * Every API request needs the caller, and a client (the board scrolling, a program polling) sends many a second with
 * the same cookie: the session's query was half the database round trips of a cheap read (issue 19 §2). Found users
 * are kept 2 s. Whatever can end a session in this process (sign-out, revoking sessions, a new password, deleting the
 * account: every change under /api/auth and /api/account) clears the cache, so here a revoked session is refused at
 * once; another server process on the same database refuses it within 2 s. Unknown tokens are not kept.
 */
export const createSessionUserCache = (now = () => performance.now()): SessionUserCache => {
  const entries = new Map<string, { user: SessionUser; until: number }>();
  return {
    find: async (db, token) => {
      const cached = entries.get(token);
      if (cached && cached.until > now()) return cached.user;
      entries.delete(token);
      const user = await findSessionUser(db, token);
      if (!user) return null;
      // A Map keeps insertion order: past the cap, the oldest entry goes.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(token, { user, until: now() + SESSION_CACHE_TTL_MS });
      return user;
    },
    clear: () => entries.clear(),
  };
};

/** Clears the cache after every request that may change sessions (anything but a read). */
export const forgetSessionsAfterChanges = (cache: SessionUserCache) =>
  createMiddleware(async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') cache.clear();
  });
