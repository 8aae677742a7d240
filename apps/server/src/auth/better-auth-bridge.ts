import type { Context } from 'hono';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { AppEnv } from '../app-env.ts';
import { CLIENT_IP_HEADER } from './create-auth.ts';

export type BetterAuthUser = { id: string; email: string; emailVerified: boolean };
export type BetterAuthSession = { user: BetterAuthUser; session: { createdAt: string; expiresAt: string } } | null;

/** The user as our API describes it: better-auth's user has more (name, image, dates) that nobody asked for. */
export const publicUser = ({ id, email, emailVerified }: BetterAuthUser) => ({ id, email, emailVerified });

/** Copies the Set-Cookie headers of better-auth's answer onto ours. */
export const withCookies = <Target extends Response>(target: Target, source: Response) => {
  for (const cookie of source.headers.getSetCookie()) target.headers.append('set-cookie', cookie);
  return target;
};

/**
 * better-auth refused what our own validation let through: its 4xx message as a validation error, anything else as a
 * fault (a 500 in the log).
 */
export const refusalOf = async (response: Response) => {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status >= 400 && response.status < 500 && body?.message)
    return new AppError('VALIDATION_FAILED', body.message);
  return new Error(`better-auth answered ${response.status}: ${body?.message ?? 'no message'}`);
};

/** The request's headers as better-auth must see them: the cookie, and our resolved client address. */
export const authHeaders = (c: Context<AppEnv>) => {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
  return headers;
};

/**
 * The request as better-auth must see it: our resolved client IP in CLIENT_IP_HEADER (replacing anything the
 * client sent under that name) and, where we already parsed the body, the validated JSON.
 */
export const toAuthRequest = (c: Context<AppEnv>, jsonBody?: unknown) => {
  const headers = authHeaders(c);
  // better-auth routes GET only; a HEAD is answered as the GET without its body (Node drops the body).
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (jsonBody !== undefined) {
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    init.body = JSON.stringify(jsonBody);
  } else if (method !== 'GET') {
    init.body = c.req.raw.body;
    init.duplex = 'half';
  }
  return new Request(c.req.url, init);
};
