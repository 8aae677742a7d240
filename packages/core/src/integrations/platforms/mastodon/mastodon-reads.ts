import type { PostMetrics } from '@agentcast/contracts/analytics';
import { metricCount, reportedOnly } from '../common/metric-count.ts';
import type { MetricsReadLimit, PublishedPost } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import { decodeHtmlEntities } from '../x/decode-html-entities.ts';
import type { MastodonRequester } from './mastodon-requester.ts';
import { shortenMastodonMentions } from '@agentcast/contracts/mastodon-text-length';

/** `GET /api/v1/statuses?id[]=…` (Mastodon 4.3+) reads up to 20 statuses a request (DEFAULT_STATUSES_LIMIT). */
export const MASTODON_METRICS_BATCH = 20;
/**
 * Mastodon takes 300 requests per 5 minutes from one account (its documented default, which an instance may
 * change), shared with publishing. One reading is one request on Mastodon 4.3+, but up to 21 on an older instance
 * (the batch route's 404, then one per post): 5 readings per window keep even those to about a third of it, and
 * still read 100 posts per account every 5 minutes.
 */
export const MASTODON_METRICS_LIMIT: MetricsReadLimit = { requests: 5, windowMs: 300_000, per: 'account' };
/** `GET /api/v1/accounts/:id/statuses` answers up to 40 statuses. */
const RECENT_STATUSES = 40;
/** Clocks differ: a post made at `since` by an instance a little behind still counts. */
const CLOCK_SKEW_MS = 60_000;

/** A status as this app reads it. */
type MastodonStatus = {
  id?: unknown;
  url?: unknown;
  uri?: unknown;
  content?: unknown;
  created_at?: unknown;
  favourites_count?: unknown;
  reblogs_count?: unknown;
  replies_count?: unknown;
  quotes_count?: unknown;
};

/** Where a person opens a status: its `url` on the instance's site, else its ActivityPub `uri`. */
export const mastodonStatusUrl = (status: MastodonStatus) =>
  typeof status.url === 'string' ? status.url : typeof status.uri === 'string' ? status.uri : undefined;

/**
 * A status's HTML `content` as the text that was posted: paragraphs and line breaks back to new lines, tags
 * dropped (a link's text is its whole URL, split into spans), entities decoded.
 */
export const mastodonContentText = (html: string) =>
  decodeHtmlEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  ).trim();

/**
 * Whether a status carries the text published: Mastodon shows a remote mention `@alice@example.com` as `@alice`,
 * so both sides are compared with short mentions (postTextMatches sets links aside as it does for every platform).
 */
const carries = (published: string, status: MastodonStatus) =>
  typeof status.content === 'string' &&
  postTextMatches(shortenMastodonMentions(published), shortenMastodonMentions(mastodonContentText(status.content)));

/** The account's status with this text made since `since`, among its latest 40 (reblogs left out), if any. */
export const findOwnMastodonStatus = async (
  call: MastodonRequester,
  accountId: string,
  { text, since }: { text: string; since: Date },
): Promise<PublishedPost | null> => {
  const { body } = await call({
    method: 'GET',
    path: `/api/v1/accounts/${encodeURIComponent(accountId)}/statuses`,
    query: { exclude_reblogs: 'true', limit: String(RECENT_STATUSES) },
    what: 'the request for the account’s recent posts',
  });
  const after = since.getTime() - CLOCK_SKEW_MS;
  for (const status of Array.isArray(body) ? (body as MastodonStatus[]) : []) {
    const createdAt = typeof status.created_at === 'string' ? Date.parse(status.created_at) : Number.NaN;
    const url = mastodonStatusUrl(status);
    if (typeof status.id === 'string' && url && createdAt >= after && carries(text, status))
      return { postId: status.id, url };
  }
  return null;
};

const metricsOf = (status: MastodonStatus): PostMetrics =>
  reportedOnly({
    likes: metricCount(status.favourites_count),
    reposts: metricCount(status.reblogs_count),
    replies: metricCount(status.replies_count),
    quotes: metricCount(status.quotes_count),
  });

/**
 * Favourites, boosts, replies (and quotes, Mastodon 4.5+) of the account's posts; Mastodon counts no views. One
 * request for the batch (`GET /api/v1/statuses?id[]=…`, Mastodon 4.3+); an older instance answers that route 404,
 * and then each post is read alone (`GET /api/v1/statuses/:id`). A deleted post is absent either way.
 */
export const readMastodonMetrics = async (call: MastodonRequester, postIds: string[]) => {
  const ids = [...new Set(postIds)].slice(0, MASTODON_METRICS_BATCH);
  const metrics = new Map<string, PostMetrics>();
  const keep = (status: MastodonStatus) => {
    if (typeof status.id === 'string' && ids.includes(status.id)) metrics.set(status.id, metricsOf(status));
  };
  const batch = await call({
    method: 'GET',
    path: '/api/v1/statuses',
    query: { 'id[]': ids },
    what: 'the request for the posts’ favourites and boosts',
    accept: [404],
  });
  if (batch.status !== 404) {
    for (const status of Array.isArray(batch.body) ? (batch.body as MastodonStatus[]) : []) keep(status);
    return metrics;
  }
  for (const id of ids) {
    const { status, body } = await call({
      method: 'GET',
      path: `/api/v1/statuses/${encodeURIComponent(id)}`,
      what: 'the request for the post’s favourites and boosts',
      accept: [404],
    });
    if (status !== 404) keep((body ?? {}) as MastodonStatus);
  }
  return metrics;
};
