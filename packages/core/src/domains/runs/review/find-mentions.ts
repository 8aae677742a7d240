/** A member who can be mentioned: by their name, or by their e-mail address. */
export type MentionableMember = { userId: string; name: string; email: string };

/** How a comment names a member: by their name, or by their address when they have none. */
export const memberName = ({ name, email }: { name: string; email: string }) => name.trim() || email;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const isLetterOrDigit = (character: string | undefined) => character !== undefined && LETTER_OR_DIGIT.test(character);

/** What `@` may be followed by to mention a member: their name and their address, compared case-insensitively. */
const handlesOf = (member: MentionableMember) =>
  [member.name.trim(), member.email.trim()].filter((handle) => handle.length > 0);

/**
 * The members a comment mentions, each once, in the order first mentioned: `@` followed by a member's name or e-mail
 * address, in any case, ending where the text does or at a character that is not a letter or digit (so "@Ann" does
 * not mention Ann in "@Annabel"). The longest handle wins, so "@Ann Lee" mentions Ann Lee and not Ann; members who
 * share that handle are all mentioned. An `@` right after a letter or digit is part of a word or an address
 * ("ann@example.com"), not a mention.
 */
export const findMentions = <Member extends MentionableMember>(text: string, members: readonly Member[]): Member[] => {
  const mentioned = new Map<string, Member>();
  let at = text.indexOf('@');
  while (at !== -1) {
    const start = at + 1;
    let longest = 0;
    let named: Member[] = [];
    if (!isLetterOrDigit(text[at - 1])) {
      for (const member of members) {
        for (const handle of handlesOf(member)) {
          const end = start + handle.length;
          const matches =
            handle.length >= longest &&
            text.slice(start, end).toLowerCase() === handle.toLowerCase() &&
            !isLetterOrDigit(text[end]);
          if (!matches) continue;
          if (handle.length > longest) named = [];
          longest = handle.length;
          if (!named.includes(member)) named.push(member);
        }
      }
    }
    for (const member of named) if (!mentioned.has(member.userId)) mentioned.set(member.userId, member);
    at = text.indexOf('@', start + longest);
  }
  return [...mentioned.values()];
};
