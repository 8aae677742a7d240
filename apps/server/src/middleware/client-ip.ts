import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/**
 * The address of the TCP peer, unless TRUST_PROXY says how many proxies sit in front of us: then the entry that
 * many hops from the right of X-Forwarded-For. Entries further left are written by the client and never trusted,
 * so a forged header cannot reset a per-IP limit.
 */
export const resolveClientIp = (peerAddress: string, forwardedFor: string | undefined, trustedProxies: number) => {
  if (trustedProxies === 0 || !forwardedFor) return unmapIpv4(peerAddress);
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    peerAddress,
  ];
  return unmapIpv4(chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? peerAddress);
};

/** "::ffff:203.0.113.7" and "203.0.113.7" are one client and must share one counter. */
const unmapIpv4 = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

export const clientIp = (trustedProxies: number) =>
  createMiddleware<AppEnv>(async (c, next) => {
    let peerAddress = 'unknown';
    try {
      peerAddress = getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // In-process requests (app.request in tests) have no socket.
    }
    c.set('clientIp', resolveClientIp(peerAddress, c.req.header('x-forwarded-for'), trustedProxies));
    await next();
  });
