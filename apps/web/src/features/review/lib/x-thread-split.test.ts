import { describe, expect, it } from 'vitest';
import { autoThreadBreaks } from '@agentcast/contracts/x-thread';
import { threadSplit } from './x-thread-split.ts';
import { THREAD_SENTENCES, THREAD_TEXT } from './x-thread-fixture.ts';

/** Where the sentence of this index begins in the text: the split points a person can choose. */
const startOf = (index: number) => THREAD_TEXT.indexOf(THREAD_SENTENCES[index] as string);

describe('threadSplit', () => {
  it('numbers the posts of the automatic split, each within 280 characters', () => {
    const { posts } = threadSplit(THREAD_TEXT, autoThreadBreaks(THREAD_TEXT));
    expect(posts.map((post) => post.text.match(/\d+\/\d+$/)?.[0])).toEqual(['1/3', '2/3', '3/3']);
    for (const post of posts) expect(post.text.length).toBeLessThanOrEqual(280);
  });

  it('moves a split point one sentence at a time, and refuses a move that makes a post too long or empty', () => {
    const breaks = [startOf(3), startOf(7)];
    const [first, second] = threadSplit(THREAD_TEXT, breaks).boundaries;
    // Post 2 already holds four sentences: one more would pass 280.
    expect(first?.earlier).toBeNull();
    expect(first?.later).toBeNull();
    expect(second?.earlier).toEqual([startOf(3), startOf(6)]);
    // Nothing follows the last sentence: moving later would leave post 3 empty.
    expect(second?.later).toBeNull();

    const moved = threadSplit(THREAD_TEXT, [startOf(3), startOf(6)]).boundaries[1];
    expect(moved?.later).toEqual([startOf(3), startOf(7)]);
    expect(moved?.earlier).toEqual([startOf(3), startOf(5)]);
  });

  it('joins two posts only when the joined post fits', () => {
    const breaks = [startOf(1), startOf(3), startOf(7)];
    const { boundaries } = threadSplit(THREAD_TEXT, breaks);
    expect(boundaries[0]?.join).toEqual([startOf(3), startOf(7)]);
    expect(boundaries[1]?.join).toBeNull();
  });

  it('splits a post of several sentences near its middle, and offers nothing on a post of one', () => {
    const { posts } = threadSplit(THREAD_TEXT, [startOf(3), startOf(7)]);
    expect(posts[0]).toMatchObject({ canSplit: true, split: [startOf(1), startOf(3), startOf(7)] });
    expect(posts[1]).toMatchObject({ canSplit: true, split: [startOf(3), startOf(5), startOf(7)] });
    expect(posts[2]).toMatchObject({ canSplit: false, split: null });
  });
});
