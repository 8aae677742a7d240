/** FNV-1a of the text: small, stable across processes and releases, spread well enough for a handful of choices. */
export const hashText = (text: string) => {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
};

/**
 * A generator of numbers in [0, 1) from a seed (mulberry32): the same seed gives the same run of choices, so what is
 * made from it (a preview of a post) is the same for the same settings.
 */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
};
