import { describe, expect, it } from 'vitest';
import { chunkPages } from './chunk-pages.ts';

describe('chunkPages', () => {
  it('keeps short pages whole, with their page numbers', () => {
    expect(chunkPages(['First page.', '', 'Third page.'])).toEqual([
      { page: 1, position: 0, content: 'First page.' },
      { page: 3, position: 1, content: 'Third page.' },
    ]);
  });

  it('splits a long page at sentence ends into overlapping chunks of about 900 characters', () => {
    const sentences = Array.from({ length: 60 }, (_, index) => `Sentence number ${index} says something useful.`);
    const chunks = chunkPages([sentences.join(' ')]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.page).toBe(1);
      expect(chunk.content.length).toBeLessThanOrEqual(900);
    }
    for (const chunk of chunks.slice(0, -1)) expect(chunk.content).toMatch(/useful\.$/);
    // Every sentence is found whole in some chunk.
    for (const sentence of sentences) expect(chunks.some((chunk) => chunk.content.includes(sentence))).toBe(true);
  });

  it('gives text without pages a null page', () => {
    expect(chunkPages(['Context line.'], { hasPages: false })).toEqual([
      { page: null, position: 0, content: 'Context line.' },
    ]);
  });
});
