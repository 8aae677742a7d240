import { randomBytes } from 'node:crypto';
import { doesNotExist, graphError, graphParamsOf, graphTime, INVALID_TOKEN, tokenOf } from './facebook-fake-graph.ts';
import type { FakeReply, RouteContext } from './platform-fake-kit.ts';

export type FacebookFakePage = { id: string; name: string; token: string; tasks: string[]; pictureUrl: string };
export type FacebookFakeUser = { id: string; token: string; pageIds: string[] };

/** A published post, in Graph's field names. */
export type FacebookFakePost = {
  /** `{page-id}_{post-id}`. */
  id: string;
  pageId: string;
  kind: 'status' | 'photo' | 'video';
  message: string;
  link?: string;
  /** The photos a multi-photo post carries, in order. */
  attachedPhotoIds: string[];
  /** Graph's form, 2026-05-01T10:00:00+0000; tests may move it back to age a post. */
  created_time: string;
  permalink_url: string;
};

/** An uploaded photo: its bytes as Facebook received them. */
export type FacebookFakePhoto = {
  id: string;
  pageId: string;
  published: boolean;
  message?: string;
  altText?: string;
  bytes: Buffer;
  contentType?: string;
  filename?: string;
  postId?: string;
};

export type FacebookFakeVideo = {
  id: string;
  pageId: string;
  description: string;
  bytes: Buffer;
  contentType?: string;
  status: 'processing' | 'ready' | 'error';
  /** Status reads still answering `processing`. */
  pollsLeft: number;
  outcome: 'ready' | 'error';
  postId?: string;
};

export type FacebookFakeComment = {
  /** `{post-part}_{comment-part}`, as Graph numbers comments. */
  id: string;
  /** The Page post it is on. */
  postId: string;
  /** The comment it answers, for a reply. */
  parentId?: string;
  message: string;
  from: { id: string; name: string };
  created_time: string;
  permalink_url: string;
};

/** What a post's reactions, shares and insights answer (comments are counted from the comments). */
export type FacebookFakeInsights = { reactions: number; shares: number; views: number; reach: number };

export type FacebookFakeSettings = {
  /** A new video answers `processing` to this many status reads before it ends. */
  videoPolls: number;
  /** How a video's processing ends. */
  videoOutcome: 'ready' | 'error';
  /** False: the Page token lacks read_insights, so insights answer the permission error (#10). */
  canReadInsights: boolean;
  /** Refuse a text post whose message is the Page's last one (#506), as Facebook sometimes does. */
  refuseDuplicates: boolean;
  /** GET of a post or comment answers "does not exist" this many times (a failed read after publishing). */
  unreadableReads: number;
};

/** Everything the fake holds, shared by its route modules. */
export type FacebookFakeStore = {
  pages: Map<string, FacebookFakePage>;
  users: Map<string, FacebookFakeUser>;
  /** The person a token issued elsewhere (a Facebook Login fake) belongs to, by their user id. */
  trustTokens?: (token: string) => string | null | undefined;
  posts: FacebookFakePost[];
  photos: FacebookFakePhoto[];
  videos: FacebookFakeVideo[];
  comments: FacebookFakeComment[];
  insights: Map<string, FacebookFakeInsights>;
  settings: FacebookFakeSettings;
  nextId: () => string;
  /** A second after the last one at least: Graph's times are whole seconds, and a test reads their order. */
  nextTime: () => string;
  newPost: (post: Omit<FacebookFakePost, 'id' | 'created_time' | 'permalink_url'>, number?: string) => FacebookFakePost;
  newComment: (
    comment: Omit<FacebookFakeComment, 'id' | 'permalink_url' | 'created_time'> & { created_time?: string },
  ) => FacebookFakeComment;
};

export const createFacebookFakeStore = (): FacebookFakeStore => {
  let next = 100_000_000_000_000n;
  let lastTime = 0;
  const store: FacebookFakeStore = {
    pages: new Map(),
    users: new Map(),
    posts: [],
    photos: [],
    videos: [],
    comments: [],
    insights: new Map(),
    settings: {
      videoPolls: 0,
      videoOutcome: 'ready',
      canReadInsights: true,
      refuseDuplicates: false,
      unreadableReads: 0,
    },
    nextId: () => String((next += 1n)),
    nextTime: () => {
      lastTime = Math.max(Math.floor(Date.now() / 1000), lastTime + 1);
      return graphTime(new Date(lastTime * 1000));
    },
    newPost: (post, number = store.nextId()) => {
      const made: FacebookFakePost = {
        ...post,
        id: `${post.pageId}_${number}`,
        created_time: store.nextTime(),
        permalink_url: `https://www.facebook.com/${post.pageId}/posts/${number}`,
      };
      store.posts.push(made);
      return made;
    },
    newComment: (comment) => {
      const [pageId, postPart] = comment.postId.split('_');
      const number = store.nextId();
      const made: FacebookFakeComment = {
        ...comment,
        id: `${postPart}_${number}`,
        created_time: comment.created_time ?? store.nextTime(),
        permalink_url: `https://www.facebook.com/${pageId}/posts/${postPart}?comment_id=${number}`,
      };
      store.comments.push(made);
      return made;
    },
  };
  return store;
};

export type PageHandler = (
  context: RouteContext,
  page: FacebookFakePage,
  params: Record<string, string>,
) => FakeReply | Promise<FakeReply>;

/**
 * Every Page call needs a known Page token; the `:page` in a path must be the token's own Page. A person's token
 * (from Facebook Login) is refused here: Page calls take the Page's.
 */
export const withPage =
  (store: FacebookFakeStore, handle: PageHandler) =>
  (context: RouteContext): FakeReply | Promise<FakeReply> => {
    const params = graphParamsOf(context.request);
    const token = tokenOf(context.request, params);
    const page = [...store.pages.values()].find((candidate) => candidate.token === token);
    if (!page) return graphError(400, INVALID_TOKEN);
    const pathPage = context.params.page;
    if (pathPage !== undefined && pathPage !== page.id) {
      return store.pages.has(pathPage)
        ? graphError(400, {
            message: `Error validating access token: the Page access token is for Page ${page.id}, not ${pathPage}.`,
            code: 190,
            subcode: 460,
          })
        : doesNotExist(context.request.method, pathPage);
    }
    return handle(context, page, params);
  };

/** Whose a node is: the Page a post, photo, video or comment belongs to. */
export const ownerOf = (store: FacebookFakeStore, id: string): string | undefined => {
  const comment = store.comments.find((candidate) => candidate.id === id);
  const postId = comment?.postId ?? id;
  return (
    store.posts.find((post) => post.id === postId)?.pageId ??
    store.photos.find((photo) => photo.id === id)?.pageId ??
    store.videos.find((video) => video.id === id)?.pageId
  );
};

export const fakeToken = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
