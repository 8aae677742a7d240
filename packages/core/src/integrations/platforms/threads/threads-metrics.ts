import type { PostMetrics } from '@agentcast/contracts/analytics';
import { PlatformError, type MetricsReadLimit } from '../common/platform.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { GraphError } from './threads-platform-error.ts';
import type { ThreadsCall } from './threads-requester.ts';

/**
 * Threads' documented rate limit: 4,800 calls × the account's impressions in a rolling 24 hours, per app and user,
 * the impressions counted as at least 10 — so 48,000 a day for an account nobody sees yet. Publishing and the
 * replies loop draw on the same allowance.
 */
export const THREADS_METRICS_LIMIT: MetricsReadLimit = { requests: 48_000, windowMs: 86_400_000, per: 'account' };

const METRICS = 'views,likes,replies,reposts,quotes,shares';

type InsightsAnswer = { data?: { name?: string; values?: { value?: unknown }[] }[]; error?: unknown };

/** "Object with ID … does not exist": the post was deleted. */
const isMissing = (error: GraphError, status: number) =>
  status === 404 || (error.code === 100 && error.error_subcode === 33);
/** Code 10 (the app may not do this) or 200–299 (a permission missing): no post of the account can be read. */
const isNotPermitted = (error: GraphError) =>
  error.code === 10 || (error.code !== undefined && error.code >= 200 && error.code < 300);

const NO_ACCESS =
  "Threads does not let this app read the insights of the account's posts (it needs the threads_manage_insights permission: reconnect Threads to grant it), so their metrics are not read.";

/**
 * The insights of one of the account's posts (`GET /{media-id}/insights`): views, likes, replies, reposts, quotes
 * and shares, only those Threads reports. A post Threads no longer has is absent from the answer.
 */
export const readThreadsMetrics = async (call: ThreadsCall, postIds: string[]) => {
  const metrics = new Map<string, PostMetrics>();
  for (const mediaId of new Set(postIds)) {
    if (!/^\d+$/.test(mediaId)) continue;
    const answer = (await call({
      method: 'GET',
      path: `/${mediaId}/insights`,
      query: { metric: METRICS },
      what: 'the request for the post’s insights',
      tolerates: (error, status) => isMissing(error, status) || isNotPermitted(error),
    })) as InsightsAnswer | undefined;
    const error = (answer?.error ?? undefined) as GraphError | undefined;
    if (error && isNotPermitted(error)) throw new PlatformError('threads', 'permanent', 'forbidden', NO_ACCESS);
    if (error) continue;
    const value = (name: string) =>
      metricCount(answer?.data?.find((metric) => metric.name === name)?.values?.[0]?.value);
    metrics.set(
      mediaId,
      reportedOnly({
        views: value('views'),
        likes: value('likes'),
        replies: value('replies'),
        reposts: value('reposts'),
        quotes: value('quotes'),
        shares: value('shares'),
      }),
    );
  }
  return metrics;
};
