/** A run of a comment's text: a mention of a member, or what lies between mentions. */
export type CommentPart = { text: string; isMention: boolean };

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * A comment's text cut into mentions and the rest, so that the mentions can be shown apart: `@` and one of the names
 * the server found mentioned, in any case, ending where a word does (the longest name first, as the server reads it).
 */
export const commentParts = (body: string, mentions: readonly string[]): CommentPart[] => {
  const names = [...mentions].sort((one, other) => other.length - one.length);
  const parts: CommentPart[] = [];
  let plainFrom = 0;
  let at = body.indexOf('@');
  while (at !== -1) {
    const afterWord = LETTER_OR_DIGIT.test(body[at - 1] ?? '');
    const name = afterWord
      ? undefined
      : names.find((candidate) => {
          const end = at + 1 + candidate.length;
          return (
            body.slice(at + 1, end).toLowerCase() === candidate.toLowerCase() && !LETTER_OR_DIGIT.test(body[end] ?? '')
          );
        });
    if (name) {
      if (at > plainFrom) parts.push({ text: body.slice(plainFrom, at), isMention: false });
      plainFrom = at + 1 + name.length;
      parts.push({ text: body.slice(at, plainFrom), isMention: true });
    }
    at = body.indexOf('@', name ? plainFrom : at + 1);
  }
  if (plainFrom < body.length) parts.push({ text: body.slice(plainFrom), isMention: false });
  return parts;
};
