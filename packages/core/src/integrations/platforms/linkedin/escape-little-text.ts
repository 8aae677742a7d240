/** LinkedIn's reserved characters in "little" text (commentary): unescaped, they start markup or cut the post short. */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
/** Inside links only the characters that can open or close little elements are escaped, so links stay links. */
const STRUCTURAL = /[\\|{}[\]()<>]/g;
/** A link, or a hashtag (# then letters or digits, at the start or after a space), which little text keeps as is. */
const KEPT = /(https?:\/\/\S+)|((?<=^|\s)#[\p{L}\p{N}]+)/gu;

/**
 * Plain post text as a LinkedIn `commentary` in the little text format: every reserved character escaped with a
 * backslash, except the `#` of hashtags (which stay hashtags) and the characters links commonly carry.
 */
export const escapeLittleText = (text: string) => {
  let escaped = '';
  let position = 0;
  for (const match of text.matchAll(KEPT)) {
    escaped += text.slice(position, match.index).replace(RESERVED, '\\$&');
    escaped += match[1] ? match[1].replace(STRUCTURAL, '\\$&') : match[0];
    position = match.index + match[0].length;
  }
  return escaped + text.slice(position).replace(RESERVED, '\\$&');
};
