import type { PostMetrics } from '@agentcast/contracts/analytics';
import { PlatformError, type MetricsReadLimit } from '../common/platform.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { LinkedInAnswer, LinkedInRequest } from './linkedin-requester.ts';

/**
 * LinkedIn counts calls per member and per app a day, resetting at midnight UTC, and publishes no figures (each
 * app's are in its Developer Portal). 500 a member a day is assumed: well below what apps report, and a post is read
 * five times in its week, so it covers about 50 posts a day per account.
 */
export const LINKEDIN_METRICS_LIMIT: MetricsReadLimit = { requests: 500, windowMs: 86_400_000, per: 'account' };

type SocialActions = {
  likesSummary?: { totalLikes?: unknown; aggregatedTotalLikes?: unknown };
  commentsSummary?: {
    aggregatedTotalComments?: unknown;
    totalFirstLevelComments?: unknown;
    aggregatedFirstLevelComments?: unknown;
    count?: unknown;
  };
};

const NO_ACCESS =
  "LinkedIn does not let this app read the likes and comments of the account's posts (403; reading them needs the r_member_social permission, which LinkedIn grants to few apps), so their metrics are not read.";

/**
 * The likes and comments of one of the member's posts (`GET /rest/socialActions/{urn}`). A post LinkedIn no longer
 * has (404) is absent from the answer. A 403 means the app may not read social actions at all: `forbidden`, so
 * whoever reads stops asking for this account.
 */
export const readLinkedInMetrics = async (
  call: (request: LinkedInRequest) => Promise<LinkedInAnswer>,
  postIds: string[],
): Promise<Map<string, PostMetrics>> => {
  const metrics = new Map<string, PostMetrics>();
  for (const urn of new Set(postIds)) {
    let body: unknown;
    try {
      ({ body } = await call({
        method: 'GET',
        path: `/rest/socialActions/${encodeURIComponent(urn)}`,
        what: 'the request for the post’s likes and comments',
      }));
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) continue;
      if (error instanceof PlatformError && error.status === 403)
        throw new PlatformError('linkedin', 'permanent', 'forbidden', NO_ACCESS, { status: 403, cause: error });
      throw error;
    }
    const { likesSummary: likes = {}, commentsSummary: comments = {} } = (body ?? {}) as SocialActions;
    metrics.set(
      urn,
      reportedOnly({
        likes: metricCount(likes.totalLikes ?? likes.aggregatedTotalLikes),
        // Replies to comments are engagement too: the aggregated count has them, the first-level one does not.
        comments: metricCount(
          comments.aggregatedTotalComments ??
            comments.totalFirstLevelComments ??
            comments.aggregatedFirstLevelComments ??
            comments.count,
        ),
      }),
    );
  }
  return metrics;
};
