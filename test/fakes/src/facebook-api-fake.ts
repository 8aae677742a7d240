import { addFacebookComment, facebookCommentRoutes, type FacebookCommentInput } from './facebook-fake-comments.ts';
import { graphError, SCRIPTED } from './facebook-fake-graph.ts';
import { facebookPublishingRoutes } from './facebook-fake-publishing.ts';
import { facebookReadRoutes } from './facebook-fake-reads.ts';
import {
  createFacebookFakeStore,
  fakeToken,
  type FacebookFakeComment,
  type FacebookFakeInsights,
  type FacebookFakePage,
  type FacebookFakePhoto,
  type FacebookFakePost,
  type FacebookFakeSettings,
  type FacebookFakeUser,
  type FacebookFakeVideo,
} from './facebook-fake-state.ts';
import {
  startPlatformFakeServer,
  type FailOptions,
  type InterruptOptions,
  type RecordedRequest,
} from './platform-fake-kit.ts';

export { FACEBOOK_FAKE_GRAPH_VERSION } from './facebook-fake-graph.ts';
export type {
  FacebookCommentInput,
  FacebookFakeComment,
  FacebookFakeInsights,
  FacebookFakePage,
  FacebookFakePhoto,
  FacebookFakePost,
  FacebookFakeSettings,
  FacebookFakeUser,
  FacebookFakeVideo,
};

export type FacebookApiFakeOptions = {
  /** false: keep no record of the requests. */
  recordRequests?: boolean;
  /** Accepts people's tokens issued elsewhere (a Facebook Login fake): the user id a token belongs to, or nothing. */
  trustTokens?: (token: string) => string | null | undefined;
};

export type FacebookApiFake = {
  /** For the adapter's baseUrl (it adds /v27.0/…); video uploads come here too. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Requests of one route: 'GET /v27.0/me/accounts', 'POST /v27.0/:page/feed', 'POST /v27.0/:page/photos',
   * 'POST /v27.0/:page/videos', 'GET /v27.0/:page/posts', 'POST /v27.0/' (a batch), 'GET /v27.0/:node',
   * 'DELETE /v27.0/:node', 'POST /v27.0/:node/comments', 'GET /v27.0/:node/comments'.
   */
  requestsTo: (route: string) => RecordedRequest[];
  /** A Page with its own Page token (other tokens get Graph error 190), managed by a person when `user` is given. */
  addPage: (page?: { name?: string; tasks?: string[]; user?: FacebookFakeUser }) => FacebookFakePage;
  /** A person who logged in with Facebook: their token lists their Pages at /me/accounts. */
  /** A person who manages Pages; `id` to match the account a Facebook Login fake signs in. */
  addUser: (user?: { id?: string }) => FacebookFakeUser;
  /** Someone else comments on a post, or answers a comment (also `POST /__fake/comments` with the same JSON). */
  addComment: (input: FacebookCommentInput) => FacebookFakeComment;
  /** A post of the Page, as if published earlier (`at` ages it). */
  addPost: (pageId: string, message: string, at?: Date) => FacebookFakePost;
  /** What the post's reactions, shares and insights answer from now on (others stay as they were, 0 at first). */
  setInsights: (postId: string, insights: Partial<FacebookFakeInsights>) => void;
  /** What was published, oldest first; `photos` keep the uploaded bytes, unpublished ones too. */
  posts: FacebookFakePost[];
  photos: FacebookFakePhoto[];
  videos: FacebookFakeVideo[];
  comments: FacebookFakeComment[];
  settings: FacebookFakeSettings;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

/**
 * A loopback Facebook Graph API (graph.facebook.com, and graph-video.facebook.com's video uploads) for what the
 * adapter uses: a person's Pages with their Page tokens, publishing on a Page (text and link, photos as multipart
 * bytes, unpublished photos attached to one post, videos with their processing), the Page's posts, reading a node
 * (post, photo, video, comment) with its reactions, comments and shares summaries and insights, Graph batch reads,
 * deleting, and comments written and read with paging — with Graph's error bodies (190 for a token that is not the
 * Page's, 100/33 for what does not exist, #10 without read_insights, #506 for a duplicate). It records every request
 * and lets tests script failures, hangs and dropped connections per route.
 */
export const startFacebookApiFake = async ({
  recordRequests,
  trustTokens,
}: FacebookApiFakeOptions = {}): Promise<FacebookApiFake> => {
  const store = createFacebookFakeStore();
  store.trustTokens = trustTokens;
  let nextPage = 61_550_000_000_000n;
  let nextUser = 10_200_000_000_000_000n;

  const server = await startPlatformFakeServer({
    routes: [...facebookCommentRoutes(store), ...facebookPublishingRoutes(store), ...facebookReadRoutes(store)],
    recordRequests,
    notFound: () => graphError(400, { message: 'Unknown path components', code: 2500 }),
    errorReply: (status, retryAfterSeconds) => {
      // Facebook says when a throttled Page may call again in its Business Use Case header, in minutes.
      const headers =
        retryAfterSeconds === undefined
          ? undefined
          : {
              'x-business-use-case-usage': JSON.stringify({
                [String(nextPage)]: [
                  {
                    type: 'pages',
                    call_count: 100,
                    total_cputime: 12,
                    total_time: 15,
                    estimated_time_to_regain_access: Math.ceil(retryAfterSeconds / 60),
                  },
                ],
              }),
            };
      return graphError(status, SCRIPTED[status] ?? { message: `Error ${status}`, code: 1 }, headers);
    },
  });

  return {
    ...server,
    posts: store.posts,
    photos: store.photos,
    videos: store.videos,
    comments: store.comments,
    settings: store.settings,
    addUser: ({ id } = {}) => {
      const user: FacebookFakeUser = { id: id ?? String((nextUser += 1n)), token: fakeToken('fb-user'), pageIds: [] };
      store.users.set(user.id, user);
      return user;
    },
    addPage: ({ name, tasks = ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'], user } = {}) => {
      const id = String((nextPage += 1n));
      const page: FacebookFakePage = {
        id,
        name: name ?? `Page ${id.slice(-4)}`,
        token: fakeToken('fb-page'),
        tasks,
        pictureUrl: `https://scontent.xx.fbcdn.net/v/t39/${id}_picture.jpg`,
      };
      store.pages.set(id, page);
      user?.pageIds.push(id);
      return page;
    },
    addComment: (input) => addFacebookComment(store, input),
    addPost: (pageId, message, at) => {
      const post = store.newPost({ pageId, kind: 'status', message, attachedPhotoIds: [] });
      if (at) post.created_time = at.toISOString().replace(/\.\d+Z$/, '+0000');
      return post;
    },
    setInsights: (postId, insights) =>
      void store.insights.set(postId, {
        ...(store.insights.get(postId) ?? { reactions: 0, shares: 0, views: 0, reach: 0 }),
        ...insights,
      }),
  };
};
