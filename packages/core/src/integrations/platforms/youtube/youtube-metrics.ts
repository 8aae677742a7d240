import type { PostMetrics } from '@agentcast/contracts/analytics';
import type { MetricsReadLimit } from '../common/platform.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { YouTubeCall } from './youtube-requester.ts';

/** videos.list takes up to 50 ids. */
export const YOUTUBE_METRICS_BATCH = 50;

/**
 * The Data API's default quota: 10,000 units a day for the whole project (every channel connected to this server),
 * renewed at midnight Pacific time. videos.list costs 1 unit, whatever the number of ids; an upload costs far more
 * (1,600 units in the quota table, 100 in newer docs), so reading must leave most of the day's units to uploads.
 */
export const YOUTUBE_METRICS_LIMIT: MetricsReadLimit = { requests: 10_000, windowMs: 86_400_000, per: 'app' };

type VideoList = {
  items?: { id?: string; statistics?: { viewCount?: unknown; likeCount?: unknown; commentCount?: unknown } }[];
};

/**
 * The statistics of up to 50 of the channel's videos in one request (`videos.list`, part=statistics): views, likes
 * and comments. YouTube counts come as strings; a hidden count (likes a channel chose to hide) is left out. A video
 * YouTube no longer has is not listed, so it is absent from the answer.
 */
export const readYouTubeMetrics = async (call: YouTubeCall, postIds: string[]): Promise<Map<string, PostMetrics>> => {
  const ids = [...new Set(postIds)].filter((id) => /^[A-Za-z0-9_-]{11}$/.test(id));
  if (ids.length === 0) return new Map();
  const { body } = await call({
    method: 'GET',
    path: '/youtube/v3/videos',
    // No maxResults: YouTube does not support it beside `id`.
    query: { part: 'statistics', id: ids.join(',') },
    what: 'the request for the videos’ statistics',
  });
  const metrics = new Map<string, PostMetrics>();
  for (const video of (body as VideoList | undefined)?.items ?? []) {
    if (!video.id || !ids.includes(video.id)) continue;
    const statistics = video.statistics ?? {};
    metrics.set(
      video.id,
      reportedOnly({
        views: metricCount(statistics.viewCount),
        likes: metricCount(statistics.likeCount),
        comments: metricCount(statistics.commentCount),
      }),
    );
  }
  return metrics;
};
