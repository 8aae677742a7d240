import { describe, expect, it } from 'vitest';
import { bestHour, summarizeDays, summarizeHours } from './summarize-figures.ts';

const hours = (figures: Record<number, [posts: number, engagement: number]>) =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    posts: figures[hour]?.[0] ?? 0,
    engagement: figures[hour]?.[1] ?? 0,
  }));

describe('the figures in words', () => {
  it('names the hour with the most engagement, ties going to more posts and then to the earlier hour', () => {
    expect(bestHour(hours({ 9: [3, 40], 14: [1, 40], 18: [5, 12] }))?.hour).toBe(9);
    expect(bestHour(hours({ 7: [2, 10], 20: [2, 10] }))?.hour).toBe(7);
    expect(summarizeHours(hours({ 9: [3, 40], 18: [5, 12] }))).toBe(
      'Best hour: 9 AM–10 AM, with 40 engagements from 3 posts.',
    );
  });

  it('before any engagement, says so and when most posts went out; with no posts, that there are none', () => {
    expect(summarizeHours(hours({ 8: [1, 0], 23: [2, 0] }))).toBe(
      'No engagement recorded yet. Most posts went out at 11 PM–12 AM (2 posts).',
    );
    expect(summarizeHours(hours({}))).toBe('No posts in this period.');
    expect(bestHour(hours({}))).toBeUndefined();
  });

  it('sums the days and names the one with the most engagement', () => {
    const days = [
      { date: '2026-11-22', posts: 2, engagement: 10, exposure: 400 },
      { date: '2026-11-23', posts: 0, engagement: 0, exposure: 0 },
      { date: '2026-11-24', posts: 1, engagement: 31, exposure: 900 },
    ];
    expect(summarizeDays(days)).toBe(
      '3 posts and 41 engagements over 3 days. Most engagement on Tue, Nov 24: 31 engagements from 1 post.',
    );
    expect(summarizeDays(days.map((day) => ({ ...day, engagement: 0 })))).toBe(
      '3 posts and 0 engagements over 3 days. No engagement recorded yet.',
    );
  });
});
