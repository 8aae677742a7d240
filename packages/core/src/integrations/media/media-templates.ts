import { CARD_LAYOUTS, type CardLayout } from './render-graphic-card.ts';
import { MEME_TEMPLATES, type MemeTemplate } from './render-meme.ts';

/** FNV-1a of the text: small, stable across processes and releases, spread well enough for a handful of choices. */
const hashOf = (text: string) => {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
};

export type MediaTemplates = { meme: MemeTemplate; card: CardLayout };

/**
 * The meme template and card layout of an agent: derived from its id, so each agent keeps one recognisable look
 * across its posts (and retries) while different agents get different ones. Nothing is stored: choosing a look in
 * the agent form is not offered yet; when it is, a stored choice would take the place of this.
 */
export const mediaTemplatesFor = (agentId: string): MediaTemplates => ({
  meme: MEME_TEMPLATES[hashOf(`meme:${agentId}`) % MEME_TEMPLATES.length]!,
  card: CARD_LAYOUTS[hashOf(`card:${agentId}`) % CARD_LAYOUTS.length]!,
});
