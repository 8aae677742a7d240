import { describe, expect, it } from 'vitest';
import { escapeLittleText } from './escape-little-text.ts';
import { readLittleText } from './read-little-text.ts';

describe("LinkedIn's little text format", () => {
  it.each([
    ['plain words stay as they are', 'Plain words, nothing else.', 'Plain words, nothing else.'],
    [
      'every reserved character outside links and hashtags is escaped',
      '|{}@[]()<>#*_~\\',
      '\\|\\{\\}\\@\\[\\]\\(\\)\\<\\>\\#\\*\\_\\~\\\\',
    ],
    [
      'hashtags at the start or after a space stay hashtags',
      '#AI and #Web3 but not a#b or # alone',
      '#AI and #Web3 but not a\\#b or \\# alone',
    ],
    ['a hashtag ends where letters and digits end', '#AI_tools', '#AI\\_tools'],
    [
      'links keep _ ~ # @ * but escape what could close an element',
      'https://x.y/a_b~c#d@e*f(g)',
      'https://x.y/a_b~c#d@e*f\\(g\\)',
    ],
    ['non-Latin hashtags are hashtags too', '#機械学習 rocks', '#機械学習 rocks'],
  ])('%s', (_case, text, commentary) => {
    expect(escapeLittleText(text)).toBe(commentary);
    expect(readLittleText(commentary)).toBe(text);
  });

  it('reads hashtag templates and mentions as their text', () => {
    expect(readLittleText('Hi @[Eddy](urn:li:person:1234), see {hashtag|\\#|LinkedIn} \\(really\\)')).toBe(
      'Hi Eddy, see #LinkedIn (really)',
    );
  });
});
