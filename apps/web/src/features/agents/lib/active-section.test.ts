import { describe, expect, it } from 'vitest';
import { activeSection } from './active-section.ts';

const positions = [
  { id: 'a', top: -900 },
  { id: 'b', top: -100 },
  { id: 'c', top: 400 },
];

describe('activeSection', () => {
  it('picks the last section whose top is above the reading line', () => {
    expect(activeSection(positions, { readingLine: 200, atBottom: false })).toBe('b');
    expect(activeSection(positions, { readingLine: 500, atBottom: false })).toBe('c');
  });

  it('picks the first section before any has reached the line', () => {
    expect(
      activeSection(
        positions.map((position) => ({ ...position, top: position.top + 2000 })),
        { readingLine: 200, atBottom: false },
      ),
    ).toBe('a');
  });

  it('picks the last section at the bottom of the page', () => {
    expect(activeSection(positions, { readingLine: 200, atBottom: true })).toBe('c');
  });

  it('answers nothing without sections', () => {
    expect(activeSection([], { readingLine: 200, atBottom: false })).toBeUndefined();
  });
});
