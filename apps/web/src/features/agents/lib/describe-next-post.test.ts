import { describe, expect, it } from 'vitest';
import { describeNextPost } from './describe-next-post.ts';

const at = (hours: number, minutes: number, dayOffset = 0) => new Date(2026, 10, 22 + dayOffset, hours, minutes);

describe('describeNextPost', () => {
  it('gives the time of day for a post later today', () => {
    const next = at(18, 45);
    expect(describeNextPost(next, at(18, 0))).toBe(
      `Next post at ${next.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`,
    );
  });

  it('adds the day for a post after midnight', () => {
    const text = describeNextPost(at(0, 15, 1), at(23, 50));
    expect(text).toMatch(/^Next post /);
    expect(text).toContain('23');
    expect(text).not.toContain(' at ');
  });

  it('reads as due once the slot has come', () => {
    expect(describeNextPost(at(18, 0), at(18, 0))).toBe('Next post: due now');
    expect(describeNextPost(at(17, 0), at(18, 0))).toBe('Next post: due now');
  });
});
