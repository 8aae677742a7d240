import type { PostMetrics } from '@agentcast/contracts/analytics';
import { PlatformError, type MetricsReadLimit } from '../common/platform.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { GraphError } from './instagram-platform-error.ts';
import type { InstagramCall } from './instagram-requester.ts';

/**
 * Graph API calls with a user token: 200 an hour per account (Meta's platform rate limit; Instagram's Business Use
 * Case limit, 4,800 × impressions a day, is higher for any account that is seen). Publishing draws on the same
 * allowance: a Reel's container is polled every few seconds while Instagram processes it.
 */
export const INSTAGRAM_METRICS_LIMIT: MetricsReadLimit = { requests: 200, windowMs: 3_600_000, per: 'account' };

const METRICS = 'views,reach,likes,comments,shares,saved';

type InsightsAnswer = { data?: { name?: string; values?: { value?: unknown }[] }[]; error?: unknown };

/** "Object with ID … does not exist": the post was deleted (in the app; the API cannot). */
const isMissing = (error: GraphError, status: number) =>
  status === 404 || (error.code === 100 && error.error_subcode === 33);
/** Instagram keeps insights back until enough accounts saw the post. */
const isTooFewViewers = (error: GraphError) => error.code === 10 && /not enough viewers/i.test(error.message ?? '');
/** Code 10 (the app may not do this) or 200–299 (a permission missing): no post of the account can be read. */
const isNotPermitted = (error: GraphError) =>
  !isTooFewViewers(error) && (error.code === 10 || (error.code !== undefined && error.code >= 200 && error.code < 300));

const NO_ACCESS =
  "Instagram does not let this app read the insights of the account's posts (it needs the instagram_business_manage_insights permission: reconnect Instagram to grant it), so their metrics are not read.";

/**
 * The insights of one of the account's posts (`GET /{media-id}/insights`): views, reach, likes, comments, shares and
 * saves. A post Instagram no longer has is absent from the answer; one too few people saw yet has no figures.
 */
export const readInstagramMetrics = async (call: InstagramCall, postIds: string[]) => {
  const metrics = new Map<string, PostMetrics>();
  for (const mediaId of new Set(postIds)) {
    if (!/^\d+$/.test(mediaId)) continue;
    const answer = (await call({
      method: 'GET',
      path: `/${mediaId}/insights`,
      query: { metric: METRICS },
      what: 'the request for the post’s insights',
      tolerates: (error, status) => isMissing(error, status) || isTooFewViewers(error) || isNotPermitted(error),
    })) as InsightsAnswer | undefined;
    const error = (answer?.error ?? undefined) as GraphError | undefined;
    if (error && isNotPermitted(error)) throw new PlatformError('instagram', 'permanent', 'forbidden', NO_ACCESS);
    if (error && isTooFewViewers(error)) {
      metrics.set(mediaId, {});
      continue;
    }
    if (error) continue;
    const value = (name: string) =>
      metricCount(answer?.data?.find((metric) => metric.name === name)?.values?.[0]?.value);
    metrics.set(
      mediaId,
      reportedOnly({
        views: value('views'),
        reach: value('reach'),
        likes: value('likes'),
        comments: value('comments'),
        shares: value('shares'),
        saves: value('saved'),
      }),
    );
  }
  return metrics;
};
