import type { PostMetrics } from '@agentcast/contracts/analytics';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { MetricsReadLimit, PublishedPost } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import { BLUESKY_POST_COLLECTION, blueskyPostUrl, parseBlueskyPostUri } from './bluesky-post-ref.ts';
import type { BlueskyRequester } from './bluesky-requester.ts';

/** app.bsky.feed.getPosts reads up to 25 posts a request. */
export const BLUESKY_METRICS_BATCH = 25;
/**
 * Bluesky's AppView takes 3,000 requests per 5 minutes from one IP address, which every account of this server
 * shares: the metrics take half of it, the rest is left to publishing.
 */
export const BLUESKY_METRICS_LIMIT: MetricsReadLimit = { requests: 1500, windowMs: 300_000, per: 'app' };

/** Clocks differ: a post made at `since` by a server a little behind still counts. */
const CLOCK_SKEW_MS = 60_000;

/** Likes, reposts, replies and quotes of the account's posts (Bluesky counts no views); a deleted post is absent. */
export const readBlueskyMetrics = async (call: BlueskyRequester, postIds: string[]) => {
  const { data } = await call({ what: 'the request for the posts’ likes and reposts' }, (agent) =>
    agent.app.bsky.feed.getPosts({ uris: [...new Set(postIds)].slice(0, BLUESKY_METRICS_BATCH) }),
  );
  const metrics = new Map<string, PostMetrics>();
  for (const post of data.posts) {
    metrics.set(
      post.uri,
      reportedOnly({
        likes: metricCount(post.likeCount),
        reposts: metricCount(post.repostCount),
        replies: metricCount(post.replyCount),
        quotes: metricCount(post.quoteCount),
      }),
    );
  }
  return metrics;
};

/** The account's post with this text made since `since`, among its latest 50 records (newest first), if any. */
export const findOwnBlueskyPost = async (
  call: BlueskyRequester,
  repo: string,
  { text, since }: { text: string; since: Date },
): Promise<PublishedPost | null> => {
  const { data } = await call({ what: 'the request for the account’s recent posts' }, (agent) =>
    agent.com.atproto.repo.listRecords({ repo, collection: BLUESKY_POST_COLLECTION, limit: 50 }),
  );
  const after = since.getTime() - CLOCK_SKEW_MS;
  for (const record of data.records) {
    const value = record.value as { text?: unknown; createdAt?: unknown };
    const createdAt = typeof value.createdAt === 'string' ? Date.parse(value.createdAt) : Number.NaN;
    if (!(createdAt >= after) || typeof value.text !== 'string' || !postTextMatches(text, value.text)) continue;
    const ref = parseBlueskyPostUri(record.uri);
    if (ref) return { postId: record.uri, url: blueskyPostUrl(ref) };
  }
  return null;
};
