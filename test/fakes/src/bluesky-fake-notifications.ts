import type { BlueskyAccount, BlueskyRecord } from './bluesky-api-fake.ts';
import type { FakeReply, RecordedRequest } from './platform-fake-kit.ts';

type Facet = { features?: { $type?: string; did?: string }[] };
type PostValue = { text?: string; facets?: Facet[]; reply?: { parent?: { uri?: string } } };

/** A display name as people set them: the handle's first label in words ('curious-reader' → 'Curious Reader'). */
const displayNameOf = (handle: string) =>
  (handle.split('.')[0] ?? handle)
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const repoOf = (uri: string) => /^at:\/\/([^/]+)\//.exec(uri)?.[1];

/** Why `did` is notified of this post, as the AppView says it, or undefined when it is not. */
const reasonFor = (post: BlueskyRecord, did: string) => {
  if (post.repo === did) return undefined;
  const value = post.value as PostValue;
  const parentUri = value.reply?.parent?.uri;
  if (parentUri && repoOf(parentUri) === did) return 'reply';
  const mentions = (value.facets ?? []).flatMap((facet) => facet.features ?? []);
  if (mentions.some((feature) => feature.$type === 'app.bsky.richtext.facet#mention' && feature.did === did))
    return 'mention';
  return undefined;
};

/**
 * app.bsky.notification.listNotifications over the fake's posts: the signed-in account's mentions (a mention facet
 * naming its DID) and replies to its posts, newest first, `reasons` filtering, `limit` (at most 100) and an opaque
 * cursor into older ones, as the AppView pages them.
 */
export const listBlueskyNotifications = (
  request: RecordedRequest,
  did: string,
  { posts, accounts }: { posts: BlueskyRecord[]; accounts: Map<string, BlueskyAccount> },
): FakeReply => {
  const params = new URL(request.url, 'http://fake.local').searchParams;
  const reasons = params.getAll('reasons');
  const limit = Math.min(Number(params.get('limit') ?? 50), 100);
  const offset = Number(params.get('cursor') ?? 0);
  const all = posts
    .map((post) => ({ post, reason: reasonFor(post, did) }))
    .filter(({ reason }) => reason !== undefined && (reasons.length === 0 || reasons.includes(reason)))
    .sort((a, b) => (b.post.indexedAt ?? '').localeCompare(a.post.indexedAt ?? ''));
  const page = all.slice(offset, offset + limit);
  return {
    status: 200,
    json: {
      notifications: page.map(({ post, reason }) => {
        const author = accounts.get(post.repo);
        return {
          uri: post.uri,
          cid: post.cid,
          author: {
            did: post.repo,
            handle: author?.handle ?? 'handle.invalid',
            ...(author && { displayName: displayNameOf(author.handle) }),
          },
          reason,
          record: post.value,
          isRead: false,
          indexedAt: post.indexedAt,
          labels: [],
        };
      }),
      ...(offset + limit < all.length && { cursor: String(offset + limit) }),
    },
  };
};

/** app.bsky.feed.getPostThread: the post, and the posts it answers up to `parentHeight` above it. */
export const blueskyPostThread = (
  request: RecordedRequest,
  { posts, accounts }: { posts: BlueskyRecord[]; accounts: Map<string, BlueskyAccount> },
): FakeReply => {
  const node = (uri: string | undefined, left: number): Record<string, unknown> | undefined => {
    const post = posts.find((candidate) => candidate.uri === uri);
    if (!post) return undefined;
    const parentUri = (post.value as PostValue).reply?.parent?.uri;
    const parent = left > 0 ? node(parentUri, left - 1) : undefined;
    return {
      $type: 'app.bsky.feed.defs#threadViewPost',
      post: {
        uri: post.uri,
        cid: post.cid,
        author: { did: post.repo, handle: accounts.get(post.repo)?.handle ?? 'handle.invalid' },
        record: post.value,
        indexedAt: post.indexedAt ?? new Date().toISOString(),
      },
      ...(parent && { parent }),
    };
  };
  const thread = node(request.query.uri, Number(request.query.parentHeight ?? 80));
  return thread
    ? { status: 200, json: { thread } }
    : { status: 400, json: { error: 'NotFound', message: `Post not found: ${request.query.uri}` } };
};
