import {
  doesNotExist,
  fieldNamesOf,
  graphError,
  graphParamsOf,
  insightMetricsOf,
  INVALID_TOKEN,
  invalidParameter,
  paged,
  tokenOf,
  V,
} from './facebook-fake-graph.ts';
import { advanceVideo } from './facebook-fake-publishing.ts';
import { ownerOf, withPage, type FacebookFakePage, type FacebookFakeStore } from './facebook-fake-state.ts';
import type { FakeReply, Route } from './platform-fake-kit.ts';

const INSIGHT_METRICS = new Set(['post_media_view', 'post_total_media_view_unique']);

const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(
    ['id', ...fields].filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
  );

const unknownField = (field: string, nodeType: string) =>
  invalidParameter(`Tried accessing nonexisting field (${field}) on node type (${nodeType})`);

/** The fields of one node as Graph answers them, for one `fields` parameter. */
const readNode = (store: FacebookFakeStore, page: FacebookFakePage, id: string, fieldsParam?: string): FakeReply => {
  const fields = fieldNamesOf(fieldsParam);
  const answer = (record: Record<string, unknown>, nodeType: string) => {
    const unknown = fields.find((field) => !(field in record));
    return unknown ? unknownField(unknown, nodeType) : { status: 200, json: pick(record, fields) };
  };
  if (ownerOf(store, id) !== page.id) return doesNotExist('GET', id);
  const video = store.videos.find((candidate) => candidate.id === id);
  if (video) {
    if (fields.includes('status')) advanceVideo(store, video);
    return answer(
      {
        id,
        description: video.description,
        status: {
          video_status: video.status,
          processing_phase: { status: video.status === 'error' ? 'error' : 'complete' },
        },
        post_id: video.postId,
        permalink_url: `/${page.id}/videos/${id}/`,
      },
      'Video',
    );
  }
  if (store.settings.unreadableReads > 0) {
    store.settings.unreadableReads -= 1;
    return doesNotExist('GET', id);
  }
  const comment = store.comments.find((candidate) => candidate.id === id);
  if (comment) {
    return answer(
      {
        id,
        message: comment.message,
        from: comment.from,
        created_time: comment.created_time,
        permalink_url: comment.permalink_url,
        parent: comment.parentId ? { id: comment.parentId } : undefined,
      },
      'Comment',
    );
  }
  const photo = store.photos.find((candidate) => candidate.id === id);
  if (photo) return answer({ id, post_id: photo.postId, alt_text_custom: photo.altText }, 'Photo');
  const post = store.posts.find((candidate) => candidate.id === id);
  if (!post) return doesNotExist('GET', id);
  const metrics = insightMetricsOf(fieldsParam);
  if (fields.includes('insights') && !store.settings.canReadInsights) {
    return graphError(403, { message: '(#10) Application does not have permission for this action', code: 10 });
  }
  const unknownMetric = metrics.find((metric) => !INSIGHT_METRICS.has(metric));
  if (unknownMetric) return invalidParameter(`The value must be a valid insights metric: ${unknownMetric}`);
  const counts = store.insights.get(id) ?? { reactions: 0, shares: 0, views: 0, reach: 0 };
  // `comments.summary(total_count)` counts the top-level comments (Graph's default filter).
  const topLevel = store.comments.filter((candidate) => candidate.postId === id && !candidate.parentId).length;
  const value = (metric: string) => (metric === 'post_media_view' ? counts.views : counts.reach);
  return answer(
    {
      id,
      message: post.message || undefined,
      created_time: post.created_time,
      permalink_url: post.permalink_url,
      from: { id: page.id, name: page.name },
      reactions: { data: [], summary: { total_count: counts.reactions, viewer_reaction: 'NONE' } },
      comments: { data: [], summary: { order: 'ranked', total_count: topLevel, can_comment: true } },
      // Graph leaves `shares` out of a post nobody shared.
      shares: counts.shares > 0 ? { count: counts.shares } : undefined,
      insights: {
        data: metrics.map((metric) => ({
          name: metric,
          period: 'lifetime',
          values: [{ value: value(metric) }],
          id: `${id}/insights/${metric}/lifetime`,
        })),
      },
    },
    'Post',
  );
};

/**
 * Reading: a node (`GET /{id}?fields=…`: post, photo, video, comment), the Page's posts, a Graph batch (`POST /`
 * with `batch`, GET calls only, at most 50), deleting a node, and `/me/accounts` for a person's token.
 */
export const facebookReadRoutes = (store: FacebookFakeStore): Route[] => {
  const node = withPage(store, ({ params: path }, page, params) =>
    readNode(store, page, path.node ?? '', params.fields),
  );

  const posts = withPage(store, ({ request }, page, params) => {
    const fields = fieldNamesOf(params.fields);
    const newestFirst = store.posts
      .filter((post) => post.pageId === page.id)
      .sort((a, b) => Date.parse(b.created_time) - Date.parse(a.created_time) || b.id.localeCompare(a.id));
    const listing = paged(newestFirst, params, request.url);
    return {
      status: 200,
      json: {
        ...listing,
        data: listing.data.map((post) => pick({ ...post, message: post.message || undefined }, fields)),
      },
    };
  });

  const batch = withPage(store, (_context, page, params) => {
    let calls: { method?: string; relative_url?: string }[];
    try {
      calls = JSON.parse(params.batch ?? '') as typeof calls;
    } catch {
      return invalidParameter('The parameter batch is required and must be a JSON array');
    }
    if (!Array.isArray(calls)) return invalidParameter('batch must be a JSON array');
    if (calls.length > 50) return invalidParameter('Too many requests in batch message. Maximum batch size is 50');
    const withHeaders = params.include_headers !== 'false';
    const answers = calls.map((call) => {
      const url = new URL(call.relative_url ?? '', 'https://graph.facebook.com/');
      const id = decodeURIComponent(url.pathname.replace(/^\/(v\d+\.\d+\/)?/, ''));
      const reply =
        (call.method ?? 'GET') === 'GET' && !id.includes('/')
          ? readNode(store, page, id, url.searchParams.get('fields') ?? undefined)
          : invalidParameter('The fake batch takes GET calls of single nodes only');
      return {
        code: reply.status,
        ...(withHeaders && { headers: [{ name: 'Content-Type', value: 'text/javascript; charset=UTF-8' }] }),
        body: JSON.stringify(reply.json),
      };
    });
    return { status: 200, json: answers };
  });

  const remove = withPage(store, ({ request, params: path }, page) => {
    const id = path.node ?? '';
    if (ownerOf(store, id) !== page.id) return doesNotExist(request.method, id);
    const gone = new Set([id, ...store.photos.filter((photo) => photo.id === id).map((photo) => photo.postId)]);
    for (const video of store.videos.filter((candidate) => candidate.id === id)) gone.add(video.postId);
    const without = <T extends { id: string }>(items: T[], also: (item: T) => boolean = () => false) =>
      items.splice(0, items.length, ...items.filter((item) => !gone.has(item.id) && !also(item)));
    without(store.posts);
    without(store.photos);
    without(store.videos);
    without(store.comments, (comment) => gone.has(comment.postId) || gone.has(comment.parentId));
    return { status: 200, json: { success: true } };
  });

  /** A person's token answers the Pages they manage, each with its Page token. */
  const accounts: Route['handle'] = ({ request }) => {
    const params = graphParamsOf(request);
    const token = tokenOf(request, params);
    const trusted = token ? store.trustTokens?.(token) : undefined;
    const user = trusted
      ? store.users.get(trusted)
      : [...store.users.values()].find((candidate) => candidate.token === token);
    if (!user) return graphError(400, INVALID_TOKEN);
    const fields = fieldNamesOf(params.fields);
    const pages = user.pageIds.flatMap((id) => {
      const page = store.pages.get(id);
      if (!page) return [];
      const record = {
        id: page.id,
        name: page.name,
        access_token: page.token,
        tasks: page.tasks,
        category: 'Software',
        picture: { data: { height: 50, width: 50, is_silhouette: false, url: page.pictureUrl } },
      };
      return [pick(record, fields)];
    });
    return { status: 200, json: paged(pages, params, request.url) };
  };

  return [
    { method: 'GET', pattern: `${V}/me/accounts`, handle: accounts },
    { method: 'GET', pattern: `${V}/:page/posts`, handle: posts },
    { method: 'POST', pattern: `${V}/`, handle: batch },
    { method: 'GET', pattern: `${V}/:node`, handle: node },
    { method: 'DELETE', pattern: `${V}/:node`, handle: remove },
  ];
};
