import { randomBytes } from 'node:crypto';
import { graphParamsOf } from './instagram-api-fake.ts';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';
import {
  createThreadsContainer,
  publishThreadsContainer,
  readThreadsContainer,
  threadsPublishingLimit,
} from './threads-fake-containers.ts';
import {
  doesNotExist,
  graphError,
  INVALID_TOKEN,
  notPermitted,
  SCRIPTED,
  THREADS_FAKE_API_VERSION,
  threadsTimestamp,
  throttlingHeaders,
} from './threads-fake-graph.ts';
import {
  insightsOf,
  listThreadsPosts,
  readThreadsConversation,
  readThreadsInsights,
  readThreadsPost,
  readThreadsUser,
} from './threads-fake-reads.ts';
import {
  createThreadsFakeState,
  newestFirst,
  newThreadsPost,
  type ThreadsAccount,
  type ThreadsContainer,
  type ThreadsFakeSettings,
  type ThreadsInsights,
  type ThreadsPost,
} from './threads-fake-state.ts';

export { THREADS_FAKE_API_VERSION } from './threads-fake-graph.ts';
export type {
  ThreadsAccount,
  ThreadsContainer,
  ThreadsDownload,
  ThreadsFakeSettings,
  ThreadsInsights,
  ThreadsPost,
} from './threads-fake-state.ts';

const V = `/${THREADS_FAKE_API_VERSION}`;

export type ThreadsApiFakeOptions = {
  /** Accepts tokens issued elsewhere (a Threads OAuth fake): the account a token belongs to, or nothing. */
  trustTokens?: (token: string) => { id: string; username: string; name?: string } | null | undefined;
  /** false: keep no record of the requests. */
  recordRequests?: boolean;
};

/** Someone else's reply to a post, as a test makes one happen. */
export type ThreadsReplyInput = {
  /** The post (the account's own, or a reply in its conversation) it answers. */
  to: string;
  text: string;
  /** Who writes it (made up when absent); the account's own username writes as the account. */
  username?: string;
  /** When it was written; default now. */
  at?: Date;
  hideStatus?: ThreadsPost['hide_status'];
};

/** A published post as `GET /__fake/posts` lists it. */
export type ThreadsPublished = Pick<ThreadsPost, 'id' | 'owner' | 'username' | 'text' | 'media_type' | 'permalink'> & {
  children: ThreadsPost['children'];
  reply_to_id?: string;
  media_url?: string;
};

export type ThreadsApiFake = {
  /** For the adapter's baseUrl (it adds /v1.0/…). */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Requests of one route: 'GET /v1.0/me', 'GET /v1.0/:account/threads_publishing_limit', 'POST /v1.0/:account/threads',
   * 'GET /v1.0/:account/threads', 'GET /v1.0/:account/replies', 'POST /v1.0/:account/threads_publish',
   * 'GET /v1.0/:node/insights', 'GET /v1.0/:node/conversation', 'GET /v1.0/:node' (a container or a post),
   * 'DELETE /v1.0/:node'.
   */
  requestsTo: (route: string) => RecordedRequest[];
  /** A Threads profile whose token the fake accepts; other tokens get Graph error 190. */
  addAccount: (account?: { id?: string; username?: string; name?: string; token?: string }) => ThreadsAccount;
  /** Someone replies (POST /__fake/replies does the same with `reply_to_id`, `text`, `username`). */
  reply: (input: ThreadsReplyInput) => ThreadsPost;
  /** Published posts and replies, oldest first (GET /__fake/posts lists them). */
  published: () => ThreadsPublished[];
  containers: ThreadsContainer[];
  /** Every post the fake holds, the account's and other people's replies, oldest first. */
  posts: ThreadsPost[];
  /** What the post's insights answer from now on (metrics not given stay as they were, 0 at first). */
  setMetrics: (mediaId: string, insights: Partial<ThreadsInsights>) => void;
  settings: ThreadsFakeSettings;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

/**
 * A loopback Threads API (graph.threads.net) for what the adapter uses: the account, the publishing limit, media
 * containers — for which it really downloads the image or video from the URL it is given, as Threads does — their
 * status, publishing, reading, listing and deleting posts, insights, and the conversation under a post, with Graph
 * error bodies (190 for a token that is not the path's user's, 1/2207052 for a failed download, 24/4279009 for a
 * container not ready, 100/33 for a post that does not exist). Tests make other people reply with `reply`.
 */
export const startThreadsApiFake = async ({
  trustTokens,
  recordRequests,
}: ThreadsApiFakeOptions = {}): Promise<ThreadsApiFake> => {
  const state = createThreadsFakeState();

  const accountOf = (request: RecordedRequest, params: Record<string, string>) => {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? params.access_token ?? '';
    const known = state.tokens.get(token);
    if (known) return known;
    const trusted = token ? trustTokens?.(token) : undefined;
    return trusted ? state.accountFor(trusted.id, trusted.username, trusted.name).id : undefined;
  };

  /** Every call needs a known token; the `:account` in a path (or `me`) must be the token's own. */
  const graph =
    (
      handle: (
        context: RouteContext,
        account: string,
        params: Record<string, string>,
      ) => Promise<FakeReply> | FakeReply,
    ) =>
    (context: RouteContext) => {
      const params = graphParamsOf(context.request);
      const account = accountOf(context.request, params);
      if (!account) return graphError(401, INVALID_TOKEN);
      const inPath = context.params.account;
      if (inPath !== undefined && inPath !== 'me' && inPath !== account) {
        return graphError(400, {
          message: `Error validating access token: the token does not belong to user ${inPath}.`,
          code: 190,
          subcode: 460,
        });
      }
      return handle(context, account, params);
    };

  const readNode = graph(({ params: path }, account, params) => {
    const id = path.node ?? '';
    const container = state.containers.find((candidate) => candidate.id === id && candidate.owner === account);
    if (container) return readThreadsContainer(state, container, params);
    if (id === account) return readThreadsUser(state, account, params);
    return readThreadsPost(state, account, id, params);
  });

  const deleteNode = graph(({ params: path }, account) => {
    const id = path.node ?? '';
    const post = state.posts.find((candidate) => candidate.id === id);
    if (!post) return doesNotExist('DELETE', id);
    // Threads deletes the account's own posts only; a reply in its conversation can be hidden, not deleted.
    if (post.owner !== account) return notPermitted();
    state.posts.splice(state.posts.indexOf(post), 1);
    return { status: 200, json: { success: true, deleted_id: id } };
  });

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: `${V}/me`,
      handle: graph((_context, account, params) => readThreadsUser(state, account, params)),
    },
    {
      method: 'GET',
      pattern: `${V}/:account/threads_publishing_limit`,
      handle: graph((_context, account, params) => threadsPublishingLimit(state, account, params)),
    },
    {
      method: 'POST',
      pattern: `${V}/:account/threads`,
      handle: graph((_context, account, params) => createThreadsContainer(state, account, params)),
    },
    {
      method: 'GET',
      pattern: `${V}/:account/threads`,
      handle: graph(({ request }, account, params) =>
        listThreadsPosts(state, account, params, { replies: false, path: request.path }),
      ),
    },
    {
      method: 'GET',
      pattern: `${V}/:account/replies`,
      handle: graph(({ request }, account, params) =>
        listThreadsPosts(state, account, params, { replies: true, path: request.path }),
      ),
    },
    {
      method: 'POST',
      pattern: `${V}/:account/threads_publish`,
      handle: graph((_context, account, params) => publishThreadsContainer(state, account, params)),
    },
    {
      method: 'GET',
      pattern: `${V}/:node/insights`,
      handle: graph(({ params: path }, account, params) =>
        readThreadsInsights(state, account, path.node ?? '', params),
      ),
    },
    {
      method: 'GET',
      pattern: `${V}/:node/conversation`,
      handle: graph(({ params: path, request }, account, params) =>
        readThreadsConversation(state, account, path.node ?? '', params, request.path),
      ),
    },
    { method: 'GET', pattern: `${V}/:node`, handle: readNode },
    { method: 'DELETE', pattern: `${V}/:node`, handle: deleteNode },
    {
      method: 'POST',
      pattern: '/__fake/replies',
      handle: ({ request }) => {
        const body = (request.json ?? {}) as { reply_to_id?: string; text?: string; username?: string };
        if (!body.reply_to_id || !state.posts.some((post) => post.id === body.reply_to_id))
          return { status: 400, json: { error: 'reply_to_id must name a post the fake holds' } };
        const post = reply({ to: body.reply_to_id, text: body.text ?? '', username: body.username });
        return { status: 201, json: { id: post.id, permalink: post.permalink } };
      },
    },
    { method: 'GET', pattern: '/__fake/posts', handle: () => ({ status: 200, json: { data: published() } }) },
  ];

  const reply = ({ to, text, username, at, hideStatus }: ThreadsReplyInput): ThreadsPost => {
    if (!state.posts.some((post) => post.id === to)) throw new Error(`The fake holds no post ${to} to reply to.`);
    const known = [...state.accounts.values()].find((account) => account.username === username);
    const author = known ?? state.accountFor(state.nextId(), username ?? `replier_${randomBytes(3).toString('hex')}`);
    return newThreadsPost(state, author, {
      text,
      media_type: 'TEXT_POST',
      replied_to: to,
      ...(at && { timestamp: threadsTimestamp(at) }),
      ...(hideStatus && { hide_status: hideStatus }),
    });
  };

  const published = (): ThreadsPublished[] =>
    state.posts
      .filter((post) => post.containerId !== undefined)
      .sort((a, b) => newestFirst(b, a))
      .map((post) => ({
        id: post.id,
        owner: post.owner,
        username: post.username,
        text: post.text,
        media_type: post.media_type,
        permalink: post.permalink,
        children: post.children,
        ...(post.media_url && { media_url: post.media_url }),
        ...(post.replied_to && { reply_to_id: post.replied_to }),
      }));

  const server = await startPlatformFakeServer({
    routes,
    recordRequests,
    notFound: () => graphError(400, { message: 'Unknown path components', code: 2500 }),
    errorReply: (status, retryAfterSeconds) =>
      graphError(
        status,
        SCRIPTED[status] ?? { message: `Error ${status}`, code: 1 },
        throttlingHeaders('17841400000000000', retryAfterSeconds),
      ),
  });

  return {
    ...server,
    containers: state.containers,
    posts: state.posts,
    settings: state.settings,
    reply,
    published,
    setMetrics: (mediaId, counts) => void state.insights.set(mediaId, { ...insightsOf(state, mediaId), ...counts }),
    addAccount: ({
      id = state.nextId(),
      username,
      name,
      token = `th-token-${randomBytes(12).toString('hex')}`,
    } = {}) => {
      const account = state.accountFor(id, username ?? `agent_${id.slice(-6)}`, name ?? 'Agent Profile');
      account.token = token;
      state.tokens.set(token, id);
      return account;
    },
  };
};
