import { describe, expect, it } from 'vitest';
import { textLimitProblems } from './drafts.ts';
import { platformTextLength } from './drafts-constants.ts';
import { graphemeCount } from './grapheme-count.ts';

describe('a text’s length as each platform counts it', () => {
  it('counts graphemes on Bluesky, UTF-16 characters elsewhere', () => {
    const text = 'Hi 👋🏽 café';
    expect(platformTextLength('bluesky', text)).toBe(9);
    expect(platformTextLength('x', text)).toBe(12);
  });

  it('lets 300 emoji with skin tones go to Bluesky, not to X', () => {
    const text = '👋🏽'.repeat(300);
    const name = (platform: string) => platform;
    expect(textLimitProblems(text, ['bluesky'], name)).toEqual([]);
    expect(textLimitProblems(`${text}!`, ['bluesky'], name)).toEqual(['Too long for bluesky: 301 characters of 300.']);
    expect(textLimitProblems(text, ['x'], name)).toEqual(['Too long for x: 1200 characters of 280.']);
  });
});

describe('counting graphemes', () => {
  it('counts as Intl.Segmenter does, fast on long texts', () => {
    const texts = ['plain ascii', 'line\r\nbreak', 'Hi 👋🏽 café  and 👨‍👩‍👧 family', 'é'.repeat(50), '🇫🇷🇩🇪 flags'];
    for (const text of texts) expect(graphemeCount(text)).toBe([...new Intl.Segmenter().segment(text)].length);
    expect(graphemeCount('x'.repeat(15000))).toBe(15000);
  });
});
