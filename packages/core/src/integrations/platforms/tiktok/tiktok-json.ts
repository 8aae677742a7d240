/** A JSON number token: TikTok writes ids such as `publicaly_available_post_id` as bare int64 numbers. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Parses a TikTok answer, keeping integers too large for a JavaScript number (int64 post ids, 19 digits) exact by
 * reading them as strings: JSON.parse would round 7351234567890123456 to 7351234567890123000, a post that does not
 * exist. Strings are copied untouched, so digits inside a caption are never changed.
 */
export const parseTikTokJson = (text: string): unknown => {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = index;
      const token = NUMBER.exec(text)?.[0];
      if (token) {
        const exact = /^-?\d+$/.test(token) && Number.isSafeInteger(Number(token));
        out += /^-?\d+$/.test(token) && !exact ? `"${token}"` : token;
        index += token.length;
        continue;
      }
    }
    out += char;
    index += 1;
  }
  return JSON.parse(out) as unknown;
};
