import { describe, expect, it } from 'vitest';
import { THREADS_MAX_TEXT, threadsTextLength } from './threads-text-length.ts';

describe('a text’s length as Threads counts it', () => {
  it('counts letters of any script as one character each', () => {
    expect(threadsTextLength('plain words')).toBe(11);
    expect(threadsTextLength('café 日本')).toBe(7);
  });

  it('counts an emoji as its UTF-8 bytes, its skin tone and joiners included', () => {
    expect(threadsTextLength('👋')).toBe(4);
    expect(threadsTextLength('👋🏽')).toBe(8);
    expect(threadsTextLength('🇫🇷')).toBe(8);
    expect(threadsTextLength('Hi 👋')).toBe(7);
  });

  it('lets 125 emoji fill a post that 500 letters also fill', () => {
    expect(threadsTextLength('🔥'.repeat(125))).toBe(THREADS_MAX_TEXT);
    expect(threadsTextLength('a'.repeat(THREADS_MAX_TEXT))).toBe(THREADS_MAX_TEXT);
  });
});
