import { describe, expect, it } from 'vitest';
import { interactionsLine, metricsLine } from './format-metrics.ts';

describe('the metrics line', () => {
  it('says how often an X post was seen and how many people engaged, in short counts', () => {
    const metrics = { impressions: 1234, likes: 20, reposts: 8, replies: 5, quotes: 1 };
    expect(metricsLine({ metrics, engagement: 34 })).toBe('1.2K impressions · 34 engagements');
    expect(interactionsLine(metrics)).toBe('20 likes · 8 reposts · 5 replies · 1 quote');
  });

  it('names what each platform counts: views on YouTube, reach when only reach is known, nothing on LinkedIn', () => {
    expect(metricsLine({ metrics: { views: 2_500_000, likes: 1 }, engagement: 1 })).toBe('2.5M views · 1 engagement');
    expect(metricsLine({ metrics: { reach: 980 }, engagement: 0 })).toBe('980 reached · 0 engagements');
    expect(metricsLine({ metrics: { likes: 3, comments: 1 }, engagement: 4 })).toBe('4 engagements');
  });

  it('prefers impressions over views over reach, as the server’s exposure does', () => {
    expect(metricsLine({ metrics: { impressions: 1, views: 50, reach: 40 }, engagement: 0 })).toBe(
      '1 impression · 0 engagements',
    );
    expect(interactionsLine({ views: 50 })).toBe('');
  });
});
