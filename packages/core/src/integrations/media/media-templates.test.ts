import { describe, expect, it } from 'vitest';
import { mediaTemplatesFor } from './media-templates.ts';
import { CARD_LAYOUTS } from './render-graphic-card.ts';
import { MEME_TEMPLATES } from './render-meme.ts';

const agentId = '00000000-0000-4000-8000-000000000041';
const posts = Array.from({ length: 60 }, (_, index) => `Post number ${index} about staking. #Staking`);

describe('mediaTemplatesFor', () => {
  it('gives a post the same meme template and card layout every time (a retry keeps its picture)', () => {
    for (const post of posts) expect(mediaTemplatesFor(agentId, post)).toEqual(mediaTemplatesFor(agentId, post));
  });

  it("spreads one agent's posts over every template and layout", () => {
    const chosen = posts.map((post) => mediaTemplatesFor(agentId, post));
    expect(new Set(chosen.map((templates) => templates.meme))).toEqual(new Set(MEME_TEMPLATES));
    expect(new Set(chosen.map((templates) => templates.card))).toEqual(new Set(CARD_LAYOUTS));
  });

  it('offers at least three of each', () => {
    expect(MEME_TEMPLATES.length).toBeGreaterThanOrEqual(3);
    expect(CARD_LAYOUTS.length).toBeGreaterThanOrEqual(3);
  });
});
