/**
 * The text as it can be compared once a platform has stored it: links reduced to a marker (platforms rewrite them,
 * e.g. X's t.co), whitespace collapsed. Callers decode the platform's own escaping first.
 */
const comparable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/https?:\/\/\S+/g, '<link>')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a post read back from a platform (already unescaped) carries the text we published. */
export const postTextMatches = (published: string, readBack: string) => comparable(published) === comparable(readBack);
