const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Undoes the HTML escaping X applies to post text in its answers. */
export const decodeHtmlEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The text as it can be compared after a platform has stored it: entities decoded, links reduced to a marker
 * (platforms rewrite them, e.g. X's t.co), whitespace collapsed.
 */
const comparable = (text: string) =>
  decodeHtmlEntities(text)
    .normalize('NFC')
    .replace(/https?:\/\/\S+/g, '<link>')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a post read back from a platform carries the text we published. */
export const postTextMatches = (published: string, readBack: string) => comparable(published) === comparable(readBack);
