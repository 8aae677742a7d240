const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Undoes the HTML escaping X applies to post text in its answers (`&amp;`, `&lt;`, `&gt;`). */
export const decodeHtmlEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
