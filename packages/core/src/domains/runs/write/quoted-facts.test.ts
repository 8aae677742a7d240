import { describe, expect, it } from 'vitest';
import { attributionOf, MAX_FACT_CHARS, quotableSentences, splitSentences } from './quoted-facts.ts';

describe('splitSentences', () => {
  it('joins the lines a PDF breaks a sentence into, and splits where a sentence ends', () => {
    expect(splitSentences('We host a community call every\nTuesday at 18:00 UTC. Everyone is welcome!')).toEqual([
      'We host a community call every Tuesday at 18:00 UTC.',
      'Everyone is welcome!',
    ]);
  });

  it('keeps abbreviations, decimals and list items apart from sentence ends', () => {
    expect(splitSentences('Dr. Lee runs the desk. Fees fell 2.5 percent.\n- Staking opens in May.')).toEqual([
      'Dr. Lee runs the desk.',
      'Fees fell 2.5 percent.',
      'Staking opens in May.',
    ]);
  });
});

describe('quotableSentences', () => {
  it('takes whole sentences only: not a passage’s first (it may begin mid-sentence) nor an unfinished last', () => {
    const chunk =
      'call every Tuesday at noon. Members vote on every grant in the forum. Our treasury is audited each ' +
      'quarter by two firms. We host a community call every';
    expect(quotableSentences(chunk, { startsMidSentence: true })).toEqual([
      'Members vote on every grant in the forum.',
      'Our treasury is audited each quarter by two firms.',
    ]);
    expect(quotableSentences('Members vote on every grant in the forum.', { startsMidSentence: false })).toEqual([
      'Members vote on every grant in the forum.',
    ]);
  });

  it('leaves out sentences too long to quote, and those naming a file or an address', () => {
    const long = `Our ${'very '.repeat(40)}long sentence ends here.`;
    expect(long.length).toBeGreaterThan(MAX_FACT_CHARS);
    const text = `${long} See community-guide.pdf for the rules. Read more at https://example.com today. Short one here too.`;
    expect(quotableSentences(text, { startsMidSentence: false })).toEqual(['Short one here too.']);
  });
});

describe('attributionOf', () => {
  it('is the title without its extension, or "your notes" when the title is a file name or absent', () => {
    expect(attributionOf('Community Guide.pdf')).toBe('Community Guide');
    expect(attributionOf('Treasury Report 2025')).toBe('Treasury Report 2025');
    expect(attributionOf('community-guide.pdf')).toBe('your notes');
    expect(attributionOf('scan_0012.PDF')).toBe('your notes');
    expect(attributionOf('notes')).toBe('your notes');
    expect(attributionOf('minutes.md (1)')).toBe('your notes');
    expect(attributionOf(undefined)).toBe('your notes');
    expect(attributionOf('  ')).toBe('your notes');
  });
});

describe('the checks the bench shares (post-checks.ts)', () => {
  it('catch the posts of issue 41 §2: a cut sentence, an ellipsis, a file name', async () => {
    const { containsFileName, unfinishedSentence } = await import('./post-checks.ts');
    const whole = new Set(['We host a community call every Tuesday at 18:00 UTC.']);
    expect(
      unfinishedSentence('On AI: “We host a community call every.” (community-guide.pdf p. 1) #AI', whole),
    ).toMatch(/end as a sentence/);
    expect(unfinishedSentence('From your notes: “We host a community call every.” #AI', whole)).toMatch(/piece/);
    expect(unfinishedSentence('Quick take: our product ships weekly…', whole)).toMatch(/ellipsis/);
    expect(
      unfinishedSentence('From your notes: “We host a community call every Tuesday at 18:00 UTC.” 🚀 #AI', whole),
    ).toBeNull();
    expect(containsFileName('From community-guide: “…”', ['community-guide.pdf'])).toBe(true);
    expect(containsFileName('Per report.pdf p. 2, rates fell.')).toBe(true);
    expect(containsFileName('From Community Guide: “Members vote.”', ['community-guide.pdf'])).toBe(false);
  });
});
