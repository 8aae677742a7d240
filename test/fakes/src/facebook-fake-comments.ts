import { doesNotExist, fieldNamesOf, invalidParameter, paged, V } from './facebook-fake-graph.ts';
import { ownerOf, withPage, type FacebookFakeComment, type FacebookFakeStore } from './facebook-fake-state.ts';
import type { Route } from './platform-fake-kit.ts';

/** What a test says about a comment someone else writes. */
export type FacebookCommentInput = {
  /** The Page post it is on, or a comment it answers (then it lands on that comment's post). */
  on: string;
  message: string;
  from?: { id: string; name: string };
  /** Graph's form (2026-05-01T10:00:00+0000) or a Date; default a second after the last comment. */
  at?: string | Date;
};

let nextPerson = 10_000_000_000_000n;
const someone = () => {
  nextPerson += 1n;
  return { id: String(nextPerson), name: `Fan ${String(nextPerson).slice(-4)}` };
};

const graphTimeOf = (at: string | Date) => (typeof at === 'string' ? at : at.toISOString().replace(/\.\d+Z$/, '+0000'));

/** Adds a comment as Facebook stores one; throws when what it is on does not exist. */
export const addFacebookComment = (store: FacebookFakeStore, input: FacebookCommentInput): FacebookFakeComment => {
  const parent = store.comments.find((comment) => comment.id === input.on);
  const postId = parent?.postId ?? input.on;
  if (!store.posts.some((post) => post.id === postId)) throw new Error(`No post or comment ${input.on} to comment on`);
  return store.newComment({
    postId,
    ...(parent && { parentId: parent.id }),
    message: input.message,
    from: input.from ?? someone(),
    ...(input.at !== undefined && { created_time: graphTimeOf(input.at) }),
  });
};

/**
 * Comments: written as the Page (`POST /{post-or-comment}/comments`) and read (`GET /{post}/comments`, top-level
 * ones by default, every one with `filter=stream`, `order=chronological|reverse_chronological`, paged), and
 * `POST /__fake/comments` for a test to have someone else comment.
 */
export const facebookCommentRoutes = (store: FacebookFakeStore): Route[] => {
  const create = withPage(store, ({ request, params: path }, page, params) => {
    const target = path.node ?? '';
    if (ownerOf(store, target) !== page.id) return doesNotExist(request.method, target);
    if (!params.message && !params.attachment_url) return invalidParameter('Missing message or attachment');
    const comment = addFacebookComment(store, {
      on: target,
      message: params.message ?? '',
      from: { id: page.id, name: page.name },
    });
    return { status: 200, json: { id: comment.id } };
  });

  const list = withPage(store, ({ request, params: path }, page, params) => {
    const target = path.node ?? '';
    if (ownerOf(store, target) !== page.id) return doesNotExist(request.method, target);
    const isComment = store.comments.some((comment) => comment.id === target);
    const all = store.comments.filter((comment) =>
      isComment
        ? comment.parentId === target
        : comment.postId === target && (params.filter === 'stream' || !comment.parentId),
    );
    const byTime = (a: FacebookFakeComment, b: FacebookFakeComment) =>
      Date.parse(a.created_time) - Date.parse(b.created_time) ||
      Number(BigInt(a.id.split('_')[1] ?? '0') - BigInt(b.id.split('_')[1] ?? '0'));
    const ordered = params.order === 'reverse_chronological' ? all.sort(byTime).reverse() : all.sort(byTime);
    const fields = fieldNamesOf(params.fields);
    const listing = paged(ordered, params, request.url);
    const data = listing.data.map((comment) => {
      const record: Record<string, unknown> = {
        id: comment.id,
        message: comment.message,
        from: comment.from,
        created_time: comment.created_time,
        permalink_url: comment.permalink_url,
        parent: comment.parentId ? { id: comment.parentId } : undefined,
      };
      return Object.fromEntries(
        ['id', ...fields].filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
      );
    });
    return { status: 200, json: { ...listing, data } };
  });

  const fakeComment: Route['handle'] = ({ request }) => {
    const input = request.json as Partial<FacebookCommentInput> | undefined;
    if (!input?.on || typeof input.message !== 'string') {
      return { status: 400, json: { error: 'Send { on, message, from?, at? }' } };
    }
    try {
      return { status: 200, json: addFacebookComment(store, input as FacebookCommentInput) };
    } catch (error) {
      return { status: 404, json: { error: (error as Error).message } };
    }
  };

  return [
    { method: 'POST', pattern: '/__fake/comments', handle: fakeComment },
    { method: 'POST', pattern: `${V}/:node/comments`, handle: create },
    { method: 'GET', pattern: `${V}/:node/comments`, handle: list },
  ];
};
