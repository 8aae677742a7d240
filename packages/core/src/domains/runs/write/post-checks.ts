import { FILE_NAME } from './quoted-facts.ts';

/**
 * What issue 41 §2 asks of every offline post, as checks the tests and `npm run bench` share: it names one of the
 * agent's topics, holds no file name, and every sentence in it is finished — its quote a whole sentence of the
 * material, its text ending as a sentence does before the emoji and hashtags.
 */
export const namesATopic = (post: string, topics: string[]) =>
  topics.some((topic) => post.toLowerCase().includes(topic.toLowerCase()));

export const containsFileName = (post: string, fileNames: string[] = []) =>
  FILE_NAME.test(post) ||
  fileNames.some((name) => post.toLowerCase().includes(name.toLowerCase().replace(/\.[a-z0-9]+$/, '')));

/** The quoted facts of a post: what stands between “ and ”. */
export const quotesOf = (post: string) => [...post.matchAll(/“([^”]+)”/g)].map((match) => match[1]!);

/**
 * Why a post ends in or holds an unfinished sentence, or null: an ellipsis, a text that stops without a full stop
 * (hashtags and emoji aside), or a quote that is not one of the material's whole sentences (`wholeSentences`, given
 * in the form the post shows them: lowercase when the agent writes in lowercase).
 */
export const unfinishedSentence = (post: string, wholeSentences?: ReadonlySet<string>) => {
  if (/…|\.\.\./.test(post)) return 'has an ellipsis';
  const body = post.replace(/(?:\s*(?:#[\p{L}\p{N}_]+|\p{Extended_Pictographic}|\uFE0F|\u200D))+\s*$/u, '').trim();
  if (!/[.!?]["”’)]?$/u.test(body)) return `does not end as a sentence: …${body.slice(-30)}`;
  const cut = wholeSentences && quotesOf(post).find((quote) => !wholeSentences.has(quote));
  return cut ? `quotes a piece of a sentence: “${cut}”` : null;
};
