import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { characterCount, postTargets, postTextProblems, previewPlatforms } from './post-text.ts';

describe('previewPlatforms', () => {
  it('previews each platform the post goes to, and a terminal-only post with the neutral preview', () => {
    expect(previewPlatforms(['linkedin', 'x'])).toEqual(['linkedin', 'x']);
    expect(previewPlatforms(['terminal', 'x'])).toEqual(['x']);
    expect(previewPlatforms([])).toEqual(['terminal']);
    expect(previewPlatforms(['terminal'])).toEqual(['terminal']);
  });
});

describe('postTargets', () => {
  it('leaves the terminal out of an agent’s clients', () => {
    expect(postTargets(['terminal', 'x', 'linkedin'])).toEqual(['x', 'linkedin']);
    expect(postTargets(['terminal'])).toEqual([]);
  });
});

describe('characterCount', () => {
  it('counts against X’s 280 and LinkedIn’s 3000, as the server trims the text', () => {
    expect(characterCount('  hello  ', 'x')).toEqual({ length: 5, limit: 280, isOver: false });
    expect(characterCount('a'.repeat(280), 'x').isOver).toBe(false);
    expect(characterCount('a'.repeat(281), 'x')).toEqual({ length: 281, limit: 280, isOver: true });
    expect(characterCount('a'.repeat(281), 'linkedin')).toEqual({ length: 281, limit: 3000, isOver: false });
    expect(characterCount('abc', 'terminal')).toEqual({ length: 3, limit: undefined, isOver: false });
  });
});

describe('postTextProblems', () => {
  it('says what the server says: empty, or too long for each platform it does not fit', () => {
    expect(postTextProblems('   ', ['x'])).toEqual([DRAFT_MESSAGES.empty]);
    expect(postTextProblems('fits', ['x', 'linkedin'])).toEqual([]);
    expect(postTextProblems('y'.repeat(300), ['x', 'linkedin'])).toEqual(['Too long for X: 300 characters of 280.']);
    expect(postTextProblems('z'.repeat(3001), ['linkedin', 'x'])).toEqual([
      'Too long for LinkedIn: 3001 characters of 3000.',
      'Too long for X: 3001 characters of 280.',
    ]);
  });
});
