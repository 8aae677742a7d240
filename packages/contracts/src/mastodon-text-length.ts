// How Mastodon counts a post, shared by the Review tab's count, the server's check and the adapter (which passes its
// instance's own characters per link).

import { graphemeCount } from './grapheme-count.ts';

/** What Mastodon counts every link as, whatever its length, unless the instance says otherwise. */
export const MASTODON_DEFAULT_CHARACTERS_PER_URL = 23;

/**
 * A link as Mastodon's extractor finds one: a scheme, then everything up to a space, without the punctuation that
 * ends a sentence after it ("see https://example.com." counts the period apart from the link).
 */
const URL = /https?:\/\/[^\s<>"]+?(?=[.,:;!?'")\]]*(?:\s|$))/giu;
/** `@user@domain` (a remote account): Mastodon counts only its `@user` part, not the domain. */
const REMOTE_MENTION =
  /(?<![=/\p{L}\p{N}_])(@[\p{L}\p{N}_]+(?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]/giu;

/** `@alice@mastodon.social` → `@alice`: how Mastodon shows and counts a remote mention. */
export const shortenMastodonMentions = (text: string) => text.replace(REMOTE_MENTION, '$1');

/**
 * A text's length as Mastodon's StatusLengthValidator counts it against `max_characters`: every link as
 * `reservedPerUrl` characters (the instance's `characters_reserved_per_url`), a remote mention by its `@user` part,
 * and characters as a person sees them (grapheme clusters: an emoji with its skin tone is one).
 */
export const mastodonTextLength = (text: string, reservedPerUrl = MASTODON_DEFAULT_CHARACTERS_PER_URL) => {
  const countable = shortenMastodonMentions(text.replace(URL, 'x'.repeat(reservedPerUrl)));
  return graphemeCount(countable);
};
