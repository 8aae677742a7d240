import { describe, expect, it } from 'vitest';
import { commentParts } from './comment-parts.ts';

describe('commentParts', () => {
  it('sets the mentions the server found apart from the rest of the text', () => {
    expect(commentParts('@ann lee, and @Bob: look', ['Ann Lee', 'Bob'])).toEqual([
      { text: '@ann lee', isMention: true },
      { text: ', and ', isMention: false },
      { text: '@Bob', isMention: true },
      { text: ': look', isMention: false },
    ]);
  });

  it('leaves alone an @ of no one mentioned, one inside an address, and a longer word', () => {
    expect(commentParts('@Carol, bob@example.com, @Bobby', ['Bob'])).toEqual([
      { text: '@Carol, bob@example.com, @Bobby', isMention: false },
    ]);
  });

  it('prefers the longest name, as the server does', () => {
    expect(commentParts('@Ann Lee', ['Ann', 'Ann Lee'])).toEqual([{ text: '@Ann Lee', isMention: true }]);
  });
});
