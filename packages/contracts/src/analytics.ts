import { z } from 'zod';

/**
 * How posts did (issue 17 §6): what each platform reports about a published post, read for 7 days after it went
 * out, and the Analytics tab's figures built from the latest reading of each post.
 */

/** After this long a post's metrics are no longer read: the last reading stays. */
export const METRICS_WINDOW_DAYS = 7;
/**
 * When a published post's metrics are read, in hours after it went out: often while it gathers most of its
 * engagement, then less and less often, the last at METRICS_WINDOW_DAYS. X bills a post read once per UTC day, so
 * readings within one day cost no more than one, and each further day costs another read.
 */
export const METRICS_READ_AFTER_HOURS = [1, 6, 24, 72, 24 * METRICS_WINDOW_DAYS] as const;
/** The periods the Analytics tab offers. */
export const ANALYTICS_PERIOD_DAYS = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof ANALYTICS_PERIOD_DAYS)[number];

/**
 * One reading of a post, in the platform's own counts (absent: the platform does not report it). X: impressions,
 * likes, reposts, replies, quotes. LinkedIn: likes, comments. Instagram: views, reach, likes, comments, shares,
 * saves. YouTube: views, likes, comments.
 */
export const postMetricsSchema = z.object({
  impressions: z.number().int().nonnegative().optional(),
  views: z.number().int().nonnegative().optional(),
  reach: z.number().int().nonnegative().optional(),
  likes: z.number().int().nonnegative().optional(),
  reposts: z.number().int().nonnegative().optional(),
  replies: z.number().int().nonnegative().optional(),
  quotes: z.number().int().nonnegative().optional(),
  comments: z.number().int().nonnegative().optional(),
  shares: z.number().int().nonnegative().optional(),
  saves: z.number().int().nonnegative().optional(),
});
export type PostMetrics = z.infer<typeof postMetricsSchema>;

/** Engagement: every interaction a person made with the post (not the times it was seen). */
export const engagementOf = (metrics: PostMetrics) =>
  (metrics.likes ?? 0) +
  (metrics.reposts ?? 0) +
  (metrics.replies ?? 0) +
  (metrics.quotes ?? 0) +
  (metrics.comments ?? 0) +
  (metrics.shares ?? 0) +
  (metrics.saves ?? 0);

/** How often a post was seen: impressions where the platform counts them, else views, else reach. */
export const exposureOf = (metrics: PostMetrics) => metrics.impressions ?? metrics.views ?? metrics.reach ?? null;

/** A post's latest reading, as the terminal and calendar entries show it beside each published platform. */
export const metricsSummarySchema = z.object({
  metrics: postMetricsSchema,
  engagement: z.number().int().nonnegative(),
  /** ISO 8601 UTC: when the platform was read. */
  read_at: z.string(),
});
export type MetricsSummary = z.infer<typeof metricsSummarySchema>;

/** GET /api/analytics: one agent's (agent_id) or all the account's posts published in the last `days`. */
export const analyticsQuerySchema = z.object({
  agent_id: z.uuid('Not an agent id').optional(),
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_PERIOD_DAYS as readonly number[]).includes(days), {
      error: `days must be one of: ${ANALYTICS_PERIOD_DAYS.join(', ')}`,
    })
    .default(30),
  /** The person's UTC offset in minutes (as Date.getTimezoneOffset, negated: UTC+2 is 120), for days and hours. */
  tz_offset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsPostSchema = z.object({
  message_id: z.string(),
  agent_id: z.string(),
  agent_name: z.string(),
  platform: z.string(),
  /** The post's text, as published (a thread: its whole text). */
  text: z.string(),
  url: z.string().nullable(),
  published_at: z.string(),
  metrics: postMetricsSchema,
  engagement: z.number().int().nonnegative(),
  /** impressions (or views, or reach) when the platform reports them. */
  exposure: z.number().int().nonnegative().nullable(),
  read_at: z.string().nullable(),
});
export type AnalyticsPost = z.infer<typeof analyticsPostSchema>;

export const analyticsSchema = z.object({
  days: z.number(),
  /** The person's local days of the period, oldest first, each with every day present (zeros included). */
  daily: z.array(
    z.object({
      /** YYYY-MM-DD in the person's time zone. */
      date: z.string(),
      posts: z.number().int().nonnegative(),
      engagement: z.number().int().nonnegative(),
      exposure: z.number().int().nonnegative(),
    }),
  ),
  /** 24 entries, hour 0–23 of the person's day: posts published in that hour and their engagement. */
  by_hour: z.array(
    z.object({
      hour: z.number().int().min(0).max(23),
      posts: z.number().int().nonnegative(),
      engagement: z.number().int().nonnegative(),
    }),
  ),
  /** The period's posts with the most engagement (at most 10), best first. */
  best_posts: z.array(analyticsPostSchema),
  totals: z.object({
    posts: z.number().int().nonnegative(),
    engagement: z.number().int().nonnegative(),
    exposure: z.number().int().nonnegative(),
    /** Per platform: posts and engagement. */
    platforms: z.record(z.string(), z.object({ posts: z.number(), engagement: z.number() })),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** GET /api/analytics/export.csv: one row per published post and platform, with its latest metrics. */
export const ANALYTICS_CSV_COLUMNS = [
  'published_at',
  'agent',
  'platform',
  'url',
  'text',
  'impressions',
  'views',
  'reach',
  'likes',
  'reposts',
  'replies',
  'quotes',
  'comments',
  'shares',
  'saves',
  'engagement',
  'metrics_read_at',
] as const;

export const ANALYTICS_MESSAGES = {
  empty: 'No published posts in this period yet. Metrics appear here within an hour of a post going out.',
  notReported: (platform: string) => `${platform} does not report this.`,
  noCounts: (platform: string) => `${platform}'s API gives apps no counts`,
} as const;

/** Platforms whose API reports nothing about a post (a Telegram bot, a Discord webhook): Analytics counts their posts. */
export const PLATFORMS_WITHOUT_METRICS: readonly string[] = ['telegram', 'discord'];
