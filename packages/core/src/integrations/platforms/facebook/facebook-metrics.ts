import type { PostMetrics } from '@agentcast/contracts/analytics';
import { facebookPlatformError, graphErrorOf, isMissingObject, isPermissionError } from './facebook-platform-error.ts';
import type { FacebookCall } from './facebook-requester.ts';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import { PlatformError, type MetricsReadLimit } from '../common/platform.ts';

/**
 * Posts read in one request: a Graph batch request holds at most 50 calls. The `?ids=a,b,c` multi-id read would be
 * one call, but since 4 November 2026 apps created after that day may not use it (and no app for new uses), so a
 * server set up now would be refused.
 */
export const FACEBOOK_METRICS_BATCH = 50;

/**
 * Calls with a Page token count against the Page's Business Use Case limit: 4,800 × the Page's engaged users in 24
 * hours, which Graph no longer reports (page_engaged_users is gone). A Page one person engages with still has 4,800
 * a day, 200 an hour — taken as the allowance. Every call in a batch counts on its own, so 200 calls are 4 batches
 * of 50 an hour; publishing and the Inbox draw on the same allowance.
 */
export const FACEBOOK_METRICS_LIMIT: MetricsReadLimit = {
  requests: 200 / FACEBOOK_METRICS_BATCH,
  windowMs: 3_600_000,
  per: 'account',
};

/**
 * Reactions of every kind (Facebook's likes), comments, shares, and the post's views and viewers where Graph still
 * reports them: `post_impressions*` stopped on every version in 2025–2026; `post_media_view` and
 * `post_total_media_view_unique` replaced them. `.limit(0)`: only the counts, not the people.
 */
export const FACEBOOK_METRIC_FIELDS =
  'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares,insights.metric(post_media_view,post_total_media_view_unique)';

const NO_ACCESS =
  "Facebook does not let this app read how the Page's posts did (it needs the read_insights and pages_read_engagement permissions: reconnect Facebook and allow them), so their metrics are not read.";

type BatchItem = { code?: unknown; body?: unknown } | null;
type PostNode = {
  reactions?: { summary?: { total_count?: unknown } };
  comments?: { summary?: { total_count?: unknown } };
  shares?: { count?: unknown };
  insights?: { data?: { name?: unknown; values?: { value?: unknown }[] }[] };
};

const isPostId = (id: string) => /^\d+(_\d+)?$/.test(id);

const parsed = (body: unknown): unknown => {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return { error: { message: body.slice(0, 300) } };
  }
};

const metricsOf = (node: PostNode): PostMetrics => {
  const insight = (name: string) =>
    metricCount(node.insights?.data?.find((metric) => metric.name === name)?.values?.[0]?.value);
  return reportedOnly({
    views: insight('post_media_view'),
    reach: insight('post_total_media_view_unique'),
    // PostMetrics has no reactions: a like is Facebook's first reaction, and every reaction is one person's nod.
    likes: metricCount(node.reactions?.summary?.total_count),
    comments: metricCount(node.comments?.summary?.total_count),
    // Graph leaves `shares` out of a post nobody shared.
    shares: metricCount(node.shares?.count ?? 0),
  });
};

/**
 * How the Page's posts did, up to 50 in one Graph batch request (`POST /` with `batch`). A post Facebook no longer
 * has is absent; a missing permission stops the reading with a sentence; any other failure of one post fails the
 * batch, to be read again later rather than dropped.
 */
export const readFacebookMetrics = async (call: FacebookCall, postIds: string[]) => {
  const ids = [...new Set(postIds)].filter(isPostId).slice(0, FACEBOOK_METRICS_BATCH);
  const metrics = new Map<string, PostMetrics>();
  if (ids.length === 0) return metrics;
  const batch = ids.map((id) => ({ method: 'GET', relative_url: `${id}?fields=${FACEBOOK_METRIC_FIELDS}` }));
  const answer = await call({
    method: 'POST',
    path: '/',
    form: { batch: JSON.stringify(batch), include_headers: 'false' },
    what: "the request for the posts' metrics",
    permission: 'read_insights',
  });
  const items = (Array.isArray(answer) ? answer : []) as BatchItem[];
  for (const [index, id] of ids.entries()) {
    const item = items[index];
    const status = typeof item?.code === 'number' ? item.code : undefined;
    if (!item || status === undefined) {
      throw new PlatformError(
        'facebook',
        'transient',
        'platform_unavailable',
        `Facebook did not answer for post ${id} in the batch of metrics.`,
      );
    }
    const body = parsed(item.body);
    if (status < 400) {
      metrics.set(id, metricsOf((body ?? {}) as PostNode));
      continue;
    }
    const error = graphErrorOf(body);
    if (isMissingObject(error, status)) continue;
    if (isPermissionError(error)) throw new PlatformError('facebook', 'permanent', 'forbidden', NO_ACCESS, { status });
    throw facebookPlatformError({ status, body, headers: new Headers(), what: "the request for a post's metrics" });
  }
  return metrics;
};
