import { BlockList, isIP } from 'node:net';

/**
 * Addresses outside the public internet: this machine, private networks, link-local (cloud metadata services live
 * at 169.254.169.254), carrier-grade NAT, documentation, benchmarking, multicast and reserved ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
const embeddedIpv4 = (address: string) => {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2] as string, 16);
  const low = parseInt(match[3] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

/** Whether an IP address is on the public internet (and so a webhook may be sent to it in production). */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address.toLowerCase());
  if (inner !== null) return isPublicAddress(inner);
  return !NOT_PUBLIC.check(address, 'ipv6');
};
