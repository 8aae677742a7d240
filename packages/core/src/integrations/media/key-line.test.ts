import { describe, expect, it } from 'vitest';
import { extractKeyLine } from './key-line.ts';

describe('extractKeyLine', () => {
  it('keeps a short post whole, with its line breaks joined into sentences', () => {
    expect(extractKeyLine('Big news\nWe launched Agentcast today!')).toBe('Big news. We launched Agentcast today!');
  });

  it('takes the first sentences that fit when the post is long', () => {
    const post =
      'Consistency beats intensity. Post a little every day, and the audience comes to you, slowly but surely, over months.';
    expect(extractKeyLine(post)).toBe('Consistency beats intensity.');
  });

  it('does not end a sentence at an abbreviation followed by a lower-case word', () => {
    const post =
      'Small tools, e.g. a scheduler, save hours every single week for every team we talked to. That is the lesson here.';
    expect(extractKeyLine(post)).toBe(
      'Small tools, e.g. a scheduler, save hours every single week for every team we talked to.',
    );
  });

  it('removes links, emoji and the trailing hashtags but keeps @mentions', () => {
    const post =
      '🚀 Thanks @alice for shipping the new editor 🎉. Try it at https://agentcast.app/editor #AI #buildinpublic';
    expect(extractKeyLine(post)).toBe('Thanks @alice for shipping the new editor. Try it');
  });

  it('removes flags, skin tones and joined emoji whole', () => {
    expect(extractKeyLine('Coding all night 👩🏽‍💻 from Paris 🇫🇷 ❤️')).toBe('Coding all night from Paris');
  });

  it('cuts a long sentence at a word boundary with an ellipsis', () => {
    const post =
      'This is a very long first sentence that keeps going and going without any full stop for far more than ninety characters';
    const line = extractKeyLine(post);
    expect(line).toBe('This is a very long first sentence that keeps going and going without any full stop for…');
    expect([...line].length).toBeLessThanOrEqual(90);
    expect(extractKeyLine('One two three four five', 12)).toBe('One two…');
  });

  it('cuts one endless word where it must', () => {
    expect(extractKeyLine('a'.repeat(200), 20)).toBe(`${'a'.repeat(19)}…`);
  });

  it('is never empty for a post of only hashtags, links or emoji', () => {
    expect(extractKeyLine('#AI #agents')).toBe('#AI #agents');
    expect(extractKeyLine('https://agentcast.app')).toBe('https://agentcast.app');
    expect(extractKeyLine('🚀🔥')).toBe('🚀🔥');
  });
});
