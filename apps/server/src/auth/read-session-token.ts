import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sessionCookieName } from './session-cookie.ts';

/**
 * The session token from better-auth's signed cookie (`{token}.{base64 HMAC-SHA256(secret, token)}`), verified
 * here with node:crypto. API routes read the session this way, then look it up in one query: better-auth's own
 * getSession takes two queries and WebCrypto round trips, which was the largest cost of every API request.
 * auth.routes.test.ts and every signed-in API test would fail if better-auth changed this format.
 */
export const readSessionToken = (c: Context, { secret, isProduction }: { secret: string; isProduction: boolean }) => {
  const value = getCookie(c, sessionCookieName(isProduction));
  if (!value) return null;
  const separator = value.lastIndexOf('.');
  if (separator < 1) return null;
  const token = value.slice(0, separator);
  const signature = Buffer.from(value.slice(separator + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
};
