import { createHash, randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const base32 = (bytes: Uint8Array) => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/**
 * A CID as Bluesky's servers name records and blobs: version 1, dag-cbor (records) or raw (blobs), a SHA-256 of
 * the content, in base32 with the `b` prefix. The SDK checks the format of every CID it is given.
 */
export const fakeCid = (content: Uint8Array | string, codec: 'dag-cbor' | 'raw' = 'dag-cbor') => {
  const digest = createHash('sha256').update(content).digest();
  return `b${base32(Uint8Array.from([0x01, codec === 'raw' ? 0x55 : 0x71, 0x12, 0x20, ...digest]))}`;
};

/** A did:plc as the PLC directory makes them: 24 base32 characters. */
export const fakeDid = () => `did:plc:${base32(randomBytes(15)).slice(0, 24)}`;

/** A JWT the SDK and the app can read the expiry of (unsigned: only the fake checks it, by its whole text). */
export const fakeJwt = (claims: { sub: string; scope: string; exp: number }) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ typ: 'at+jwt', alg: 'ES256K' })}.${part({ ...claims, jti: randomBytes(8).toString('hex') })}.${randomBytes(32).toString('base64url')}`;
};

const TID_CHARS = '234567abcdefghijklmnopqrstuvwxyz';
let lastTid = 0n;

/** A record key as the PDS makes one when the client chose none: a TID of the current time. */
export const nextTid = () => {
  let micros = BigInt(Date.now()) * 1000n;
  if (micros <= lastTid) micros = lastTid + 1n;
  lastTid = micros;
  let value = micros << 10n;
  let out = '';
  for (let index = 0; index < 13; index += 1) {
    out = TID_CHARS[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
};
