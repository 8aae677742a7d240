import type { MetricsSummary, PostMetrics } from '@agentcast/contracts/analytics';

/**
 * How post metrics read wherever they are shown (calendar entries, the terminal's delivery chips, the Analytics
 * tab): short counts ("1.2K") and the same words for the same figures everywhere.
 */

const COMPACT = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const FULL = new Intl.NumberFormat();

/** 1234 → "1.2K": a glance, not an audit (the CSV has the exact figures). */
export const compactCount = (count: number) => COMPACT.format(count);

/** 1234 → "1,234", for tables and summaries read out in full. */
export const fullCount = (count: number) => FULL.format(count);

const counted = (count: number, one: string, many: string) => `${compactCount(count)} ${count === 1 ? one : many}`;

/**
 * How often the post was seen, named as its platform counts it (the same precedence as the contract's exposureOf:
 * impressions, else views, else reach), or null when the platform reports none of them (LinkedIn).
 */
export const exposurePhrase = (metrics: PostMetrics) => {
  if (metrics.impressions !== undefined) return counted(metrics.impressions, 'impression', 'impressions');
  if (metrics.views !== undefined) return counted(metrics.views, 'view', 'views');
  if (metrics.reach !== undefined) return `${compactCount(metrics.reach)} reached`;
  return null;
};

export const engagementPhrase = (engagement: number) => counted(engagement, 'engagement', 'engagements');

/** A published post's latest reading in one line: "1.2K impressions · 34 engagements". */
export const metricsLine = ({ metrics, engagement }: Pick<MetricsSummary, 'metrics' | 'engagement'>) =>
  [exposurePhrase(metrics), engagementPhrase(engagement)].filter(Boolean).join(' · ');

const INTERACTIONS = [
  ['likes', 'like', 'likes'],
  ['reposts', 'repost', 'reposts'],
  ['replies', 'reply', 'replies'],
  ['quotes', 'quote', 'quotes'],
  ['comments', 'comment', 'comments'],
  ['shares', 'share', 'shares'],
  ['saves', 'save', 'saves'],
] as const;

/** What the engagement is made of, as the platform reported it: "12 likes · 3 reposts · 2 replies". */
export const interactionsLine = (metrics: PostMetrics) =>
  INTERACTIONS.flatMap(([key, one, many]) => {
    const count = metrics[key];
    return count === undefined ? [] : [counted(count, one, many)];
  }).join(' · ');
