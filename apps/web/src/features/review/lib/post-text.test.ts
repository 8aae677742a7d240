import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { THREAD_MESSAGES } from '@agentcast/contracts/x-thread';
import { THREAD_TEXT } from './x-thread-fixture.ts';
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

  it('counts a long text for an agent that posts threads in X posts, over only when no thread holds it', () => {
    expect(characterCount(THREAD_TEXT, 'x', { xThreads: true })).toEqual({
      length: THREAD_TEXT.length,
      limit: 280,
      isOver: false,
      threadLength: 3,
    });
    expect(characterCount(THREAD_TEXT, 'x').isOver).toBe(true);
    expect(characterCount(THREAD_TEXT, 'linkedin', { xThreads: true }).threadLength).toBeUndefined();
    expect(characterCount('short', 'x', { xThreads: true }).threadLength).toBeUndefined();
    expect(characterCount('y'.repeat(8000), 'x', { xThreads: true }).isOver).toBe(true);
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

  it('lets a long text through to X for an agent that posts threads, as long as a thread holds it', () => {
    expect(postTextProblems(THREAD_TEXT, ['x'], { xThreads: true })).toEqual([]);
    expect(postTextProblems(THREAD_TEXT, ['x'])).toEqual([`Too long for X: ${THREAD_TEXT.length} characters of 280.`]);
    expect(postTextProblems('y'.repeat(8000), ['x'], { xThreads: true })).toEqual([THREAD_MESSAGES.cannotFit(8000)]);
  });
});
