import { describe, expect, it } from 'vitest';
import { describeNextPost } from './describe-next-post.ts';
import { NO_POST_SOON, NO_SCHEDULED_POSTS, PAUSED_LINE, scheduleLine } from './schedule-line.ts';

const now = new Date(2026, 10, 22, 18, 0);
const later = new Date(2026, 10, 22, 18, 45);

describe('scheduleLine', () => {
  it('names the next post’s time', () => {
    expect(scheduleLine(false, later, now)).toBe(describeNextPost(later, now));
    expect(scheduleLine(false, later, now)).toMatch(/^Next post at /);
  });

  it('says a paused agent is paused, whatever its schedules still say', () => {
    for (const nextPost of [later, 'not-soon', 'on-trigger', undefined] as const) {
      expect(scheduleLine(true, nextPost, now)).toBe(PAUSED_LINE);
    }
  });

  it('says no post is planned soon when every slot of the next 8 days is passed over', () => {
    expect(scheduleLine(false, 'not-soon', now)).toBe(NO_POST_SOON);
  });

  it('keeps the spec’s text for an agent that posts only when triggered', () => {
    expect(scheduleLine(false, 'on-trigger', now)).toBe('No scheduled posts: posts when triggered');
    expect(NO_SCHEDULED_POSTS).toBe('No scheduled posts: posts when triggered');
  });

  it('is blank until the schedules are read', () => {
    expect(scheduleLine(false, undefined, now)).toBeUndefined();
  });
});
