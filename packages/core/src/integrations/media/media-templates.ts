import { hashText } from '../../kernel/hash-text.ts';
import { CARD_LAYOUTS, type CardLayout } from './render-graphic-card.ts';
import { MEME_TEMPLATES, type MemeTemplate } from './render-meme.ts';

export type MediaTemplates = { meme: MemeTemplate; card: CardLayout };

/**
 * The meme template and card layout of one post: derived from the agent's id and the post's text, so that an
 * agent's posts do not all wear the same picture (issue 41 §2) while a retry of the same post keeps its own. Nothing
 * is stored: choosing a look in the agent form is not offered yet; when it is, a stored choice would take its place.
 */
export const mediaTemplatesFor = (agentId: string, post: string): MediaTemplates => ({
  meme: MEME_TEMPLATES[hashText(`meme:${agentId}:${post}`) % MEME_TEMPLATES.length]!,
  card: CARD_LAYOUTS[hashText(`card:${agentId}:${post}`) % CARD_LAYOUTS.length]!,
});
