import { isIP } from 'node:net';
import type { OutboundPolicy } from './outbound-policy.ts';
import { isPublicAddress } from './public-address.ts';
import { resolveHost, type ResolveHost } from './resolve-host.ts';

/** Why a URL may not be connected to; each caller words it for its own readers. */
export type OutboundUrlProblem =
  { kind: 'https-required' } | { kind: 'not-public'; host: string } | { kind: 'unknown-host'; host: string };

/** The host of a URL as it is looked up or connected to: an IPv6 address without its brackets. */
export const urlHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What the policy says of a URL before any name is looked up: its scheme, and an address written in it, which a
 * connection reaches without a lookup (so no lookup-time check would see it). The URL parser has already turned the
 * other spellings of an IPv4 address (`127.1`, `0x7f.0.0.1`, `2130706433`) into dotted form.
 */
export const literalUrlProblem = (url: URL, policy: OutboundPolicy): OutboundUrlProblem | null => {
  if (policy === 'any') return null;
  if (policy === 'public-https' && url.protocol !== 'https:') return { kind: 'https-required' };
  const host = urlHost(url);
  return isIP(host) !== 0 && !isPublicAddress(host) ? { kind: 'not-public', host } : null;
};

/**
 * Why a URL a person gives may not be connected to under the policy, or null when it may: checked when it is saved,
 * so that they are told at once, against every address its host resolves to now. Connections check again
 * (`publicOnlyLookup`), since a name may be pointed elsewhere afterwards.
 */
export const outboundUrlProblem = async (
  rawUrl: string,
  policy: OutboundPolicy,
  resolve: ResolveHost = resolveHost,
): Promise<OutboundUrlProblem | null> => {
  const url = new URL(rawUrl);
  const problem = literalUrlProblem(url, policy);
  const host = urlHost(url);
  if (problem || policy === 'any' || isIP(host) !== 0) return problem;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return { kind: 'unknown-host', host };
  }
  if (addresses.length === 0) return { kind: 'unknown-host', host };
  return addresses.every(({ address }) => isPublicAddress(address)) ? null : { kind: 'not-public', host };
};
