import { describe, expect, it } from 'vitest';
import {
  findNearDuplicate,
  NEAR_DUPLICATE_THRESHOLD,
  normalizePost,
  trigramSimilarity,
  trigramsOf,
} from './text-similarity.ts';

const similarity = (a: string, b: string) => trigramSimilarity(trigramsOf(a), trigramsOf(b));

describe('near-duplicate posts', () => {
  it('ignore case, links and punctuation', () => {
    expect(normalizePost('Rates HELD steady!! https://t.co/abc #Macro')).toBe('rates held steady macro');
    expect(similarity('Rates held steady today. #Macro', 'rates held steady today #macro https://x.com/p/1')).toBe(1);
  });

  it('tell a reworded repeat from a different post', () => {
    const earlier = 'Small models keep getting better: the gap to frontier models shrinks every quarter. #AI';
    expect(
      similarity(earlier, 'Small models keep getting better: the gap to frontier models shrinks each quarter! #AI'),
    ).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
    expect(
      similarity(earlier, 'Inference prices fell 80% this year; budgets moved to evaluation and data. #AI'),
    ).toBeLessThan(0.3);
  });

  it('name the closest earlier post', () => {
    const posts = [
      { text: 'Fed day again. Breathe. #Macro', at: new Date('2026-11-20T10:00:00Z') },
      { text: 'Fed day again: breathe! #macro', at: new Date('2026-11-21T10:00:00Z') },
      { text: 'Bond yields moved less than the headlines said.', at: new Date('2026-11-22T10:00:00Z') },
    ];
    expect(findNearDuplicate('Fed day again — breathe. #Macro', posts)?.similarity).toBe(1);
    expect(findNearDuplicate('Earnings season starts Monday.', posts)).toBeNull();
  });
});
