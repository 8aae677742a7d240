import { describe, expect, it } from 'vitest';
import { textLimitProblems } from './drafts.ts';
import { platformTextLength } from './drafts-constants.ts';

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
