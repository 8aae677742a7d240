import { describe, expect, it } from 'vitest';
import { mediaTemplatesFor } from './media-templates.ts';
import { CARD_LAYOUTS } from './render-graphic-card.ts';
import { MEME_TEMPLATES } from './render-meme.ts';

const ids = Array.from({ length: 60 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

describe('mediaTemplatesFor', () => {
  it('gives an agent the same meme template and card layout every time', () => {
    for (const id of ids) expect(mediaTemplatesFor(id)).toEqual(mediaTemplatesFor(id));
  });

  it('spreads agents over every template and layout', () => {
    const chosen = ids.map(mediaTemplatesFor);
    expect(new Set(chosen.map((templates) => templates.meme))).toEqual(new Set(MEME_TEMPLATES));
    expect(new Set(chosen.map((templates) => templates.card))).toEqual(new Set(CARD_LAYOUTS));
  });

  it('offers at least three of each', () => {
    expect(MEME_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    expect(CARD_LAYOUTS.length).toBeGreaterThanOrEqual(3);
  });
});
