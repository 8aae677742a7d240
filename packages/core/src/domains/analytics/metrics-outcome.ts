import type { PostMetrics } from '@agentcast/contracts/analytics';
import type { DuePost } from './claim-due-metrics.ts';
import { nextMetricsReadAt, putOffMetricsRead } from './metrics-schedule.ts';

/** What became of a due post: read (its metrics), or not read now — put off until `at`, or no longer read (null). */
export type MetricsOutcome =
  { post: DuePost; kind: 'read'; metrics: PostMetrics } | { post: DuePost; kind: 'later'; at: Date | null };

/** How long a reading waits after the platform failed on its side or could not be reached. */
export const RETRY_READ_MS = 15 * 60_000;

/** Read at the post's next planned time instead (this one is skipped): a budget, a connection to renew. */
export const atNextStep = (post: DuePost, now: Date): MetricsOutcome => ({
  post,
  kind: 'later',
  at: nextMetricsReadAt(post.publishedAt, now),
});

/** Read again at `at` (a platform's reset time), unless that is past the post's window. */
export const putOff = (post: DuePost, at: Date): MetricsOutcome => ({
  post,
  kind: 'later',
  at: putOffMetricsRead(post.publishedAt, at),
});

/** No longer read: the post is gone, or its platform may not be read for this account. The last reading stays. */
export const stopped = (post: DuePost): MetricsOutcome => ({ post, kind: 'later', at: null });
