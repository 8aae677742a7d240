import type { Analytics } from '@agentcast/contracts/analytics';
import { fullCount } from '../../../lib/format-metrics.ts';
import { hourRange, longDayLabel } from './chart-labels.ts';

type Day = Analytics['daily'][number];
type Hour = Analytics['by_hour'][number];

export const plural = (count: number, one: string, many: string) => `${fullCount(count)} ${count === 1 ? one : many}`;

/** The entry with the most engagement; ties go to the one with more posts, then to the earliest. */
const mostEngaged = <Entry extends { posts: number; engagement: number }>(entries: readonly Entry[]) =>
  entries.reduce<Entry | undefined>(
    (best, entry) =>
      !best || entry.engagement > best.engagement || (entry.engagement === best.engagement && entry.posts > best.posts)
        ? entry
        : best,
    undefined,
  );

/** The hour whose posts drew the most engagement, or, before any engagement, the one most posts went out in. */
export const bestHour = (hours: readonly Hour[]) => {
  const best = mostEngaged(hours);
  return best && (best.engagement > 0 || best.posts > 0) ? best : undefined;
};

/** The daily chart in words, for everyone and for screen readers in place of the picture. */
export const summarizeDays = (days: readonly Day[]) => {
  const posts = days.reduce((sum, day) => sum + day.posts, 0);
  const engagement = days.reduce((sum, day) => sum + day.engagement, 0);
  const total = `${plural(posts, 'post', 'posts')} and ${plural(engagement, 'engagement', 'engagements')} over ${plural(days.length, 'day', 'days')}.`;
  const best = mostEngaged(days);
  if (!best || best.engagement === 0) return `${total} No engagement recorded yet.`;
  return `${total} Most engagement on ${longDayLabel(best.date)}: ${plural(best.engagement, 'engagement', 'engagements')} from ${plural(best.posts, 'post', 'posts')}.`;
};

/** Which hour did best, in words ("Best hour: 9 AM–10 AM, …"). */
export const summarizeHours = (hours: readonly Hour[]) => {
  const best = bestHour(hours);
  if (!best) return 'No posts in this period.';
  const posts = plural(best.posts, 'post', 'posts');
  if (best.engagement === 0)
    return `No engagement recorded yet. Most posts went out at ${hourRange(best.hour)} (${posts}).`;
  return `Best hour: ${hourRange(best.hour)}, with ${plural(best.engagement, 'engagement', 'engagements')} from ${posts}.`;
};
