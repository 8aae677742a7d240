/** The `@` a person is typing a name after, in a comment: where it starts, and what follows it up to the caret. */
export type TypedMention = { start: number; query: string };

/** Longer than any name typed to find a member: past it, the `@` was something else. */
const MAX_QUERY_LENGTH = 40;
/** How many members the list offers at once. */
const MAX_SHOWN = 8;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The mention being typed at the caret, or null: an `@` at the start or after a character that is not a letter or
 * digit (as the server reads mentions, so "ann@example.com" is an address, not a mention), followed by up to 40
 * characters on the same line. Names have spaces, so "@Ann L" is still being typed.
 */
export const typedMention = (text: string, caret: number): TypedMention | null => {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1 || LETTER_OR_DIGIT.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_QUERY_LENGTH || query.includes('\n')) return null;
  return { start, query };
};

/**
 * The members whose name, one of its words, or e-mail address begins with what was typed, in any case; all of them
 * (up to 8) after a bare `@`.
 */
export const membersMatching = <Member extends { name: string; email: string }>(
  members: readonly Member[],
  query: string,
): Member[] => {
  const typed = query.toLowerCase();
  return members
    .filter((member) => {
      const name = member.name.toLowerCase();
      return (
        name.startsWith(typed) ||
        member.email.toLowerCase().startsWith(typed) ||
        name.split(/\s+/).some((word) => word.startsWith(typed))
      );
    })
    .slice(0, MAX_SHOWN);
};

/** The text with the mention being typed replaced by `@Name ` (a space to go on typing), and where the caret goes. */
export const insertMention = (text: string, mention: TypedMention, caret: number, name: string) => {
  const inserted = `@${name} `;
  return {
    text: `${text.slice(0, mention.start)}${inserted}${text.slice(caret)}`,
    caret: mention.start + inserted.length,
  };
};
