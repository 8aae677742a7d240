import { describe, expect, it } from 'vitest';
import { sectionAnchor } from './section-anchor.ts';

describe('sectionAnchor', () => {
  it('turns the spec’s section names into plain ids', () => {
    expect(sectionAnchor('Core Details')).toBe('section-core-details');
    expect(sectionAnchor('Content & Personality')).toBe('section-content-personality');
    expect(sectionAnchor('Twitter/X Credentials')).toBe('section-twitter-x-credentials');
    expect(sectionAnchor('Data & Activities')).toBe('section-data-activities');
  });
});
