import { describe, expect, it } from 'vitest';
import { finalizePost } from './finalize-post.ts';

describe('finalizePost', () => {
  it('drops outer quotes, preambles and extra blank lines', () => {
    expect(finalizePost('"Rates are up."', 280)).toBe('Rates are up.');
    expect(finalizePost("Here's a tweet about AI:\nModels got cheaper again.", 280)).toBe('Models got cheaper again.');
    expect(finalizePost('One.\n\n\n\nTwo.', 280)).toBe('One.\n\nTwo.');
  });

  it('cuts a long post after its last whole sentence that fits', () => {
    const post = `${'First sentence is here. '.repeat(8)}And a final sentence that will not fit in the limit at all.`;
    const result = finalizePost(post, 200);
    expect(result.length).toBeLessThanOrEqual(200);
    expect(result.endsWith('here.')).toBe(true);
  });

  it('otherwise cuts after a whole word with an ellipsis, never mid-word', () => {
    const post = 'word '.repeat(100).trim();
    const result = finalizePost(post, 280);
    expect(result.length).toBeLessThanOrEqual(280);
    expect(result).toMatch(/ word…$/);
  });

  it('refuses an empty post', () => {
    expect(() => finalizePost('  ""  ', 280)).toThrow(/empty/);
  });
});
