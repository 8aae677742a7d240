import { describe, expect, it } from 'vitest';
import {
  cleanHeadline,
  composeImageHeadline,
  composeMemeCaption,
  echoesPostOpening,
  HEADLINE_MAX_WORDS,
} from './image-headline.ts';

describe('image headlines', () => {
  it('composes a short headline about the topic', () => {
    for (const value of [0, 0.2, 0.4, 0.6, 0.8, 0.99]) {
      const headline = composeImageHeadline('inference costs', () => value);
      expect(headline.toLowerCase()).toContain('inference costs');
      expect(headline.split(' ').length).toBeLessThanOrEqual(HEADLINE_MAX_WORDS);
    }
  });

  it('composes meme captions about the topic, varied', () => {
    const captions = new Set(
      [0, 0.2, 0.4, 0.6, 0.8, 0.99].map((value) => JSON.stringify(composeMemeCaption('evals', () => value))),
    );
    expect(captions.size).toBeGreaterThanOrEqual(5);
    for (const caption of captions) expect(caption.toLowerCase()).toContain('evals');
  });

  it("cleans a model's answer: first line, no label, quotes or hashtags, a few words", () => {
    expect(cleanHeadline('Headline: "Cheaper inference, faster teams" #AI #ML\nsecond line')).toBe(
      'Cheaper inference, faster teams',
    );
    expect(cleanHeadline('one two three four five six seven eight nine ten eleven').split(' ')).toHaveLength(
      HEADLINE_MAX_WORDS,
    );
    expect(cleanHeadline('   ')).toBe('');
  });

  it("recognises a line that only repeats the post's opening", () => {
    const post = 'Quick thought on AI: measure before you scale. #AI';
    expect(echoesPostOpening('Quick thought on AI', post)).toBe(true);
    expect(echoesPostOpening('quick thought, on AI: measure', post)).toBe(true);
    expect(echoesPostOpening('AI, minus the hype', post)).toBe(false);
  });
});
