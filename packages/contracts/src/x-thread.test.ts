import { describe, expect, it } from 'vitest';
import {
  autoThreadBreaks,
  effectiveThreadBreaks,
  isThreadText,
  threadBreakCandidates,
  threadPartTexts,
  threadPosts,
  threadProblems,
  THREAD_MESSAGES,
  X_POST_LIMIT,
} from './x-thread.ts';

const sentence = (index: number, words = 12) =>
  `Sentence ${index} ${Array.from({ length: words }, (_, word) => `word${word}`).join(' ')}.`;
/** About 1,000 characters in 10 sentences of ~100. */
const longText = Array.from({ length: 10 }, (_, index) => sentence(index + 1)).join(' ');

describe('X threads', () => {
  it('leaves a text that fits one post alone', () => {
    expect(isThreadText('Short and sweet.')).toBe(false);
    expect(autoThreadBreaks('Short and sweet.')).toEqual([]);
    expect(threadPosts('Short and sweet.', [])).toEqual(['Short and sweet.']);
  });

  it('splits at sentence ends into numbered posts that each fit, with the fewest parts', () => {
    const breaks = autoThreadBreaks(longText);
    const posts = threadPosts(longText, breaks);
    expect(posts.length).toBe(Math.ceil(longText.length / (X_POST_LIMIT - 4)));
    posts.forEach((post, index) => {
      expect(post.length).toBeLessThanOrEqual(X_POST_LIMIT);
      expect(post).toMatch(new RegExp(`\\. ${index + 1}/${posts.length}$`));
    });
    // No word is lost or changed: the parts are the text.
    expect(threadPartTexts(longText, breaks).join(' ')).toBe(longText);
    for (const offset of breaks) expect(longText.slice(offset)).toMatch(/^Sentence \d+ /);
    expect(threadProblems(longText, breaks)).toEqual([]);
  });

  it('cuts a sentence longer than a post between words, and a word longer than a post where it must', () => {
    const runOn = `${Array.from({ length: 80 }, (_, index) => `w${index}`).join(' ')} end`;
    const runOnPosts = threadPosts(runOn, autoThreadBreaks(runOn));
    expect(runOnPosts.length).toBeGreaterThan(1);
    for (const post of runOnPosts) {
      expect(post.length).toBeLessThanOrEqual(X_POST_LIMIT);
      expect(post).toMatch(/^w\d+ /);
    }
    const link = `See https://example.com/${'a'.repeat(400)} now`;
    const linkPosts = threadPosts(link, autoThreadBreaks(link));
    for (const post of linkPosts) expect(post.length).toBeLessThanOrEqual(X_POST_LIMIT);
    expect(threadPartTexts(link, autoThreadBreaks(link)).join('').replaceAll(' ', '')).toBe(link.replaceAll(' ', ''));
  });

  it('offers sentence starts as split points, and uses a person’s own split when there is one', () => {
    const candidates = threadBreakCandidates(longText);
    expect(candidates).toHaveLength(9);
    const chosen = [candidates[0] as number, candidates[3] as number, candidates[6] as number];
    expect(effectiveThreadBreaks(longText, chosen)).toEqual(chosen);
    expect(effectiveThreadBreaks(longText, null)).toEqual(autoThreadBreaks(longText));
    expect(threadPosts(longText, chosen)[0]).toBe(`${sentence(1)} 1/4`);
  });

  it('names what is wrong with a split', () => {
    const candidates = threadBreakCandidates(longText);
    expect(threadProblems(longText, [candidates[4] as number])).toEqual([
      THREAD_MESSAGES.partTooLong(1, threadPosts(longText, [candidates[4] as number])[0]?.length ?? 0),
      THREAD_MESSAGES.partTooLong(2, threadPosts(longText, [candidates[4] as number])[1]?.length ?? 0),
    ]);
    expect(threadProblems(longText, [300, 200])).toEqual([THREAD_MESSAGES.badBreaks]);
    expect(threadProblems(longText, [0])).toEqual([THREAD_MESSAGES.badBreaks]);
    expect(threadProblems(longText, [longText.length])).toEqual([THREAD_MESSAGES.badBreaks]);
    expect(threadProblems(longText, [1.5])).toEqual([THREAD_MESSAGES.badBreaks]);
    const huge = Array.from({ length: 80 }, (_, index) => sentence(index, 30)).join(' ');
    expect(threadProblems(huge, autoThreadBreaks(huge))[0]).toMatch(/at most 25 posts/);
  });
});
