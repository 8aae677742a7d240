import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo, as node:http's own connections use); tests give the checks another one. */
export const resolveHost: ResolveHost = (hostname) => lookup(hostname, { all: true });
