import { BlockList, isIPv4, isIPv6 } from 'node:net';

const blockList = (family: 'ipv4' | 'ipv6', networks: [string, number][]) => {
  const list = new BlockList();
  for (const [network, prefix] of networks) list.addSubnet(network, prefix, family);
  return list;
};

/**
 * Every block of IANA's IPv4 Special-Purpose Address Registry, the globally reachable anycast ones too (nobody runs a
 * receiver on AS112 or AMT relays, and refusing the whole registry needs no judgement per entry), and 224.0.0.0/3:
 * multicast, the reserved 240.0.0.0/4 and the limited broadcast.
 */
const SPECIAL_IPV4 = blockList('ipv4', [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: cloud metadata services live at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP and TURN anycast)
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated
  ['192.168.0.0', 16],
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3],
]);

/**
 * IANA hands out IPv6 unicast space from 2000::/3 only, so anything outside it is refused without a list: ::/8 (the
 * unspecified and loopback addresses, IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, local-use NAT64
 * 64:ff9b:1::/48), 100::/64 discard-only, 5f00::/16 SRv6, unique-local fc00::/7, link-local fe80::/10, the
 * deprecated site-local fec0::/10 and multicast ff00::/8. IPv4-mapped and well-known NAT64 addresses, in ::/8 too,
 * are judged by their IPv4 address first (`embeddedIpv4`).
 */
const GLOBAL_UNICAST = blockList('ipv6', [['2000::', 3]]);

/** The Special-Purpose Address Registry's blocks inside 2000::/3. */
const SPECIAL_GLOBAL_IPV6 = blockList('ipv6', [
  // IETF protocol assignments: Teredo (2001::/32), PCP and TURN anycast, benchmarking, AMT, AS112, ORCHID, drones.
  ['2001::', 23],
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, deprecated: refused whole rather than judged by the IPv4 address inside
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
]);

/**
 * The eight 16-bit groups of an IPv6 address. The WHATWG URL parser validates it and writes it in canonical form
 * (lower case, the longest run of zeros as ::, an embedded dotted IPv4 address as two hex groups), so every spelling
 * of one address comes out the same and only that one form is read here. A zone (`fe80::1%eth0`) does not parse.
 */
const ipv6Groups = (address: string): number[] | null => {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', tail] = canonical.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
};

const startsWith = (groups: number[], prefix: number[]) => prefix.every((group, index) => groups[index] === group);

/**
 * The IPv4 address an IPv6 address stands for, where connecting to one is connecting to the other: IPv4-mapped
 * (::ffff:a.b.c.d, what a dual-stack socket shows for an IPv4 peer) and NAT64's well-known prefix (64:ff9b::a.b.c.d,
 * what DNS64 answers on an IPv6-only network for an IPv4-only host, so refusing it would cut such servers off every
 * receiver without IPv6). Other forms that embed one (::a.b.c.d, ::ffff:0:a.b.c.d, 6to4, Teredo) are refused whole.
 */
const embeddedIpv4 = (groups: number[]) => {
  const isMapped = startsWith(groups, [0, 0, 0, 0, 0, 0xffff]);
  const isNat64 = startsWith(groups, [0x64, 0xff9b, 0, 0, 0, 0]);
  if (!isMapped && !isNat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

/**
 * Whether an IP address (IPv6 with or without brackets) is on the public internet, and so may be connected to on
 * behalf of a person: not this machine, a private network, link-local, or any other special-purpose range. Anything
 * that is not an address is not public.
 */
export const isPublicAddress = (address: string): boolean => {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return !SPECIAL_IPV4.check(bare, 'ipv4');
  if (!isIPv6(bare)) return false;
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  const inner = embeddedIpv4(groups);
  if (inner !== null) return !SPECIAL_IPV4.check(inner, 'ipv4');
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return GLOBAL_UNICAST.check(canonical, 'ipv6') && !SPECIAL_GLOBAL_IPV6.check(canonical, 'ipv6');
};
