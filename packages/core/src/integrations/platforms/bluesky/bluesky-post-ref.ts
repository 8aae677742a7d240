/** Where a Bluesky post lives: `at://{did}/app.bsky.feed.post/{rkey}`, the post id publishing keeps. */
export const BLUESKY_POST_COLLECTION = 'app.bsky.feed.post';

const POST_URI = /^at:\/\/(did:[a-z]+:[\w.:%-]+)\/app\.bsky\.feed\.post\/([\w.~:-]{1,512})$/;

export type BlueskyPostRef = { repo: string; rkey: string };

/** The account and record key of a post id, or undefined when it names no Bluesky post. */
export const parseBlueskyPostUri = (uri: string): BlueskyPostRef | undefined => {
  const match = POST_URI.exec(uri);
  return match?.[1] && match[2] ? { repo: match[1], rkey: match[2] } : undefined;
};

export const blueskyPostUri = ({ repo, rkey }: BlueskyPostRef) => `at://${repo}/${BLUESKY_POST_COLLECTION}/${rkey}`;

/** The post as a person opens it (the DID rather than the handle, which can change). */
export const blueskyPostUrl = ({ repo, rkey }: BlueskyPostRef) => `https://bsky.app/profile/${repo}/post/${rkey}`;

const SORTABLE_BASE32 = '234567abcdefghijklmnopqrstuvwxyz';

/** A 32-bit FNV-1a hash: spreads a key over the record key's clock bits. */
const fnv1a = (text: string) => {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
};

/**
 * The record key a post is created at, the same on every attempt: a TID (13 characters of sortable base32 for 53
 * bits of microseconds and 10 of clock id, as Bluesky's own clients make them) at the time the post was planned,
 * its last digits and clock taken from the key (delivery and part). A second attempt meets the record the first
 * one made instead of publishing it again.
 */
export const blueskyRecordKey = ({ key, at }: { key: string; at: Date }) => {
  const hash = fnv1a(key);
  const micros = BigInt(at.getTime()) * 1000n + BigInt(hash % 1000);
  let value = (micros << 10n) | BigInt((hash >>> 10) & 0x3ff);
  let encoded = '';
  for (let index = 0; index < 13; index += 1) {
    encoded = SORTABLE_BASE32[Number(value & 31n)] + encoded;
    value >>= 5n;
  }
  return encoded;
};
