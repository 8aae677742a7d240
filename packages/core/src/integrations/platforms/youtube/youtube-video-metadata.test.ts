import { describe, expect, it } from 'vitest';
import { youTubeVideoMetadata } from './youtube-video-metadata.ts';

const titleOf = (text: string) => youTubeVideoMetadata(text).title;

describe("a Short's title from the post", () => {
  it('is the first sentence, without its full stop, with #Shorts', () => {
    expect(titleOf('Ship small changes. Big ones hide bugs.')).toBe('Ship small changes #Shorts');
    expect(titleOf('Why ship daily? Because feedback compounds.')).toBe('Why ship daily? #Shorts');
    expect(titleOf('Wait for it… The build is green.')).toBe('Wait for it… #Shorts');
  });

  it('is the first non-empty line when the line ends before a sentence does, whitespace collapsed', () => {
    expect(titleOf('\n\n  Five   lessons\tfrom shipping  \nThe first one is simple.')).toBe(
      'Five lessons from shipping #Shorts',
    );
  });

  it('does not end a sentence at an abbreviation followed by lower case, or inside a number', () => {
    expect(titleOf('Use tools e.g. linters to save 3.5 hours a week. Really.')).toBe(
      'Use tools e.g. linters to save 3.5 hours a week #Shorts',
    );
  });

  it('has no < or >: YouTube refuses them, so they become ‹ and ›', () => {
    const { title, description } = youTubeVideoMetadata('Done > perfect <3\n\nShip it -> learn.');
    expect(title).toBe('Done › perfect ‹3 #Shorts');
    expect(description).toBe('Done › perfect ‹3\n\nShip it -› learn.');
  });

  it('is at most 100 characters, cut after a whole word with …, and then without #Shorts', () => {
    const words =
      'Every team that ships daily learns faster than the team that waits for the perfect release window to open';
    const title = titleOf(`${words} next quarter.`);
    expect(title).toBe(
      'Every team that ships daily learns faster than the team that waits for the perfect release window…',
    );
    expect(Array.from(title).length).toBeLessThanOrEqual(100);
  });

  it('counts characters, not UTF-16 units, and cuts a single overlong word inside it', () => {
    const emoji = '🚀'.repeat(120);
    const title = titleOf(emoji);
    expect(Array.from(title)).toHaveLength(100);
    expect(title.endsWith('🚀…')).toBe(true);
  });

  it('adds #Shorts only when it fits and is not there yet', () => {
    const ninetyFive = 'a'.repeat(95);
    expect(titleOf(ninetyFive)).toBe(ninetyFive);
    const ninetyTwo = 'b'.repeat(92);
    expect(titleOf(ninetyTwo)).toBe(`${ninetyTwo} #Shorts`);
    expect(titleOf('My first #shorts video. More soon.')).toBe('My first #shorts video');
  });

  it('is #Shorts alone when the text gives no title', () => {
    expect(titleOf('   \n  ')).toBe('#Shorts');
  });
});

describe("a Short's description from the post", () => {
  it('is the whole text, line breaks kept, trimmed', () => {
    expect(youTubeVideoMetadata('  First line.\nSecond line with https://example.com/a \n').description).toBe(
      'First line.\nSecond line with https://example.com/a',
    );
  });

  it('is at most 5000 bytes in UTF-8 (YouTube counts bytes), cut between characters with …', () => {
    const text = 'é'.repeat(3000); // 6000 bytes
    const { description } = youTubeVideoMetadata(text);
    expect(Buffer.byteLength(description)).toBeLessThanOrEqual(5000);
    expect(description).toBe(`${'é'.repeat(2498)}…`);
    expect(youTubeVideoMetadata('x'.repeat(5000)).description).toBe('x'.repeat(5000));
  });
});
