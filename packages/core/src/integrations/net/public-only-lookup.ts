import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';
import { resolveHost, type ResolveHost } from './resolve-host.ts';

/** A connection refused before it was made: its host resolved, at that moment, to an address that is not public. */
export class NotPublicAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to an address that is not public`);
    this.name = 'NotPublicAddressError';
  }
}

const familyOf = (family: number | string | undefined) =>
  family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : null;

/**
 * The `lookup` of a connection (node:http, node:https, node:net) that may reach public addresses only. It resolves
 * the name as the connection is made and refuses it when any of its addresses is not public, so that a name that
 * passed when it was saved cannot be pointed inward afterwards (DNS rebinding): what is checked is what is connected to.
 */
export const publicOnlyLookup =
  (resolve: ResolveHost = resolveHost): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.every(({ address }) => isPublicAddress(address)))
          return callback(new NotPublicAddressError(hostname), '', 0);
        const family = familyOf(options.family);
        const usable = family ? addresses.filter((address) => address.family === family) : addresses;
        const [first] = usable as [LookupAddress | undefined];
        if (!first) return callback(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
