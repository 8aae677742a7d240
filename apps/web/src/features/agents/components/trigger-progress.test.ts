import { describe, expect, it } from 'vitest';
import { progressLabel } from './trigger-progress.tsx';

describe('progressLabel', () => {
  it('names each step of a trigger in plain words, publishing by its platform', () => {
    expect(progressLabel({ step: 'writing' })).toBe('Writing the post');
    expect(progressLabel({ step: 'media' })).toBe('Making the media');
    expect(progressLabel({ step: 'publishing', platform: 'x' })).toBe('Publishing to X');
    expect(progressLabel({ step: 'publishing', platform: 'linkedin' })).toBe('Publishing to LinkedIn');
  });
});
