import type { PostMetrics } from '@agentcast/contracts/analytics';
import type { MetricsReadLimit } from '../common/platform.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { TikTokCall } from './tiktok-requester.ts';

/** TikTok's most video ids in one video/query. */
export const TIKTOK_METRICS_BATCH = 20;

/**
 * video/query's documented default limit: 600 requests a minute, in a one-minute sliding window. TikTok does not say
 * whether it counts per user token or per app, so it is taken as the app's: every account of this server shares it.
 */
export const TIKTOK_METRICS_LIMIT: MetricsReadLimit = { requests: 600, windowMs: 60_000, per: 'app' };

type TikTokVideoCounts = {
  id?: unknown;
  view_count?: unknown;
  like_count?: unknown;
  comment_count?: unknown;
  share_count?: unknown;
};

/** TikTok video ids are int64s in digits; a private post's publish_id (v_pub_file~…) has no metrics to read. */
const isVideoId = (postId: string) => /^\d{1,20}$/.test(postId);

/**
 * The counts of the account's videos (`POST /v2/video/query/`, scope video.list): views, likes, comments, shares.
 * A video TikTok no longer has, or another account's, is absent from its answer and so from the result.
 */
export const readTikTokMetrics = async (call: TikTokCall, postIds: string[]) => {
  const metrics = new Map<string, PostMetrics>();
  const ids = [...new Set(postIds.filter(isVideoId))];
  for (let start = 0; start < ids.length; start += TIKTOK_METRICS_BATCH) {
    const data = await call({
      path: '/v2/video/query/',
      query: { fields: 'id,view_count,like_count,comment_count,share_count' },
      json: { filters: { video_ids: ids.slice(start, start + TIKTOK_METRICS_BATCH) } },
      what: "the request for the posts' metrics",
      scope: 'video.list',
    });
    for (const video of Array.isArray(data.videos) ? (data.videos as TikTokVideoCounts[]) : []) {
      const id = typeof video.id === 'string' ? video.id : typeof video.id === 'number' ? String(video.id) : '';
      if (!ids.includes(id)) continue;
      metrics.set(
        id,
        reportedOnly({
          views: metricCount(video.view_count),
          likes: metricCount(video.like_count),
          comments: metricCount(video.comment_count),
          shares: metricCount(video.share_count),
        }),
      );
    }
  }
  return metrics;
};
