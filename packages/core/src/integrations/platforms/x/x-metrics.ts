import type { PostMetrics } from '@agentcast/contracts/analytics';
import type { MetricsReadLimit } from '../common/platform.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import { X_POST_ID } from './x-post-url.ts';
import type { XRequester } from './x-requester.ts';

/** GET /2/tweets takes up to 100 ids. */
export const X_METRICS_BATCH = 100;

/**
 * GET /2/tweets with a user token: 900 requests per 15 minutes per user (X's rate-limit table for the Pro plan; the
 * pay-per-use table of 2026 lists 5,000). The lower figure is kept: exceeding it costs a 429, keeping under it
 * costs nothing, since a request reads 100 posts.
 */
export const X_METRICS_LIMIT: MetricsReadLimit = { requests: 900, windowMs: 15 * 60_000, per: 'account' };

type XPublicMetrics = {
  impression_count?: unknown;
  like_count?: unknown;
  retweet_count?: unknown;
  reply_count?: unknown;
  quote_count?: unknown;
};
type XLookupAnswer = { data?: { id: string; public_metrics?: XPublicMetrics }[] };

/**
 * The public metrics of up to 100 of the account's posts in one request. X answers 200 with an `errors` entry for
 * each post it no longer has (deleted, or its author's account gone): those are left out of the answer.
 */
export const readXMetrics = async (api: XRequester, postIds: string[]): Promise<Map<string, PostMetrics>> => {
  const ids = [...new Set(postIds)].filter((id) => X_POST_ID.test(id));
  if (ids.length === 0) return new Map();
  const answer = await api.get<XLookupAnswer>(
    'tweets',
    { ids: ids.join(','), 'tweet.fields': 'public_metrics' },
    { what: 'the request for the posts’ metrics' },
  );
  const metrics = new Map<string, PostMetrics>();
  for (const post of answer.data ?? []) {
    const counts = post.public_metrics ?? {};
    metrics.set(
      post.id,
      reportedOnly({
        impressions: metricCount(counts.impression_count),
        likes: metricCount(counts.like_count),
        reposts: metricCount(counts.retweet_count),
        replies: metricCount(counts.reply_count),
        quotes: metricCount(counts.quote_count),
      }),
    );
  }
  return metrics;
};
