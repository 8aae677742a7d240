import { describe, expect, it } from 'vitest';
import { textLimitProblems } from './drafts.ts';
import { platformTextLength } from './drafts-constants.ts';
import { exceedsOnePost, platformThreadPosts } from './platform-thread.ts';

const sentences = (count: number, sentence: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => sentence(index + 1)).join(' ');
const name = (platform: string) => platform;

describe('threads on every platform that has them', () => {
  it('counts Mastodon links as 23 characters and mentions by their @user part, Farcaster in bytes', () => {
    const link = `https://example.com/${'a'.repeat(200)}`;
    expect(platformTextLength('mastodon', `Read ${link}`)).toBe(5 + 23);
    expect(platformTextLength('mastodon', 'Hi @alice@mastodon.social')).toBe('Hi @alice'.length);
    expect(platformTextLength('farcaster', 'café 👋')).toBe(5 + 1 + 4);
    expect(platformTextLength('farcaster', 'cafe')).toBe(4);
  });

  it('splits a long text for Bluesky into numbered posts of at most 300 graphemes, between sentences', () => {
    const text = sentences(8, (index) => `Part ${index} 👋🏽 ${'word '.repeat(14).trim()}.`);
    expect(text.length).toBeGreaterThan(600);
    const posts = platformThreadPosts('bluesky', text);
    expect(posts.length).toBeGreaterThan(1);
    posts.forEach((post, index) => {
      expect(platformTextLength('bluesky', post)).toBeLessThanOrEqual(300);
      expect(post.endsWith(`. ${index + 1}/${posts.length}`)).toBe(true);
    });
    // Graphemes, not characters: the emoji with its skin tone counts once, so each part holds more than X's would.
    expect(posts.length).toBeLessThan(platformThreadPosts('x', text).length + 1);
  });

  it('fills Mastodon parts to 500 counting links as 23, and Farcaster parts to 320 bytes', () => {
    const link = `https://example.com/${'b'.repeat(120)}`;
    const text = sentences(10, (index) => `Point ${index} is at ${link} and it reads well.`);
    const mastodon = platformThreadPosts('mastodon', text);
    mastodon.forEach((post) => expect(platformTextLength('mastodon', post)).toBeLessThanOrEqual(500));
    // Counted as characters, the same parts would be far over 500: links really count as 23.
    expect(mastodon.some((post) => post.length > 500)).toBe(true);

    const accented = sentences(12, (index) => `Étape ${index} : déjà été réglée, près du café.`);
    const farcaster = platformThreadPosts('farcaster', accented);
    expect(farcaster.length).toBeGreaterThan(1);
    farcaster.forEach((post) => expect(new TextEncoder().encode(post).length).toBeLessThanOrEqual(320));
  });

  it('leaves a text that fits one post alone, and never splits where threads are off', () => {
    expect(platformThreadPosts('bluesky', 'Short.')).toEqual(['Short.']);
    expect(exceedsOnePost('mastodon', 'x'.repeat(500))).toBe(false);
    expect(exceedsOnePost('mastodon', 'x'.repeat(501))).toBe(true);
    const long = sentences(8, (index) => `Sentence ${index} ${'word '.repeat(10).trim()}.`);
    expect(textLimitProblems(long, ['bluesky'], name)).toEqual([
      `Too long for bluesky: ${long.length} characters of 300.`,
    ]);
    expect(textLimitProblems(long, ['bluesky', 'mastodon'], name, { xThreads: true })).toEqual([]);
    expect(textLimitProblems('x'.repeat(15000), ['mastodon'], name, { xThreads: true })).toEqual([
      'Too long for a mastodon thread: 15000 characters do not fit in 25 posts.',
    ]);
  });
});
