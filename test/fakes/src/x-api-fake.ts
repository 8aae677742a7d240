import { randomBytes } from 'node:crypto';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
} from './platform-fake-kit.ts';
import { invalidRequest, problem, STATUS_TITLES, type Authed, type XUser } from './x-fake-common.ts';
import { createPostRefusals } from './x-post-refusals.ts';
import { xMediaUploadRoutes, type VideoProcessing, type XMedia } from './x-media-upload-fake.ts';

export type { XUser } from './x-fake-common.ts';
export type { XMedia } from './x-media-upload-fake.ts';

export type XPost = {
  id: string;
  authorId: string;
  /** As the author wrote it; the API returns it HTML-escaped (&amp; &lt; &gt;), like the real one. */
  text: string;
  createdAt: Date;
  conversationId: string;
  inReplyToPostId?: string;
  inReplyToUserId?: string;
  mediaIds: string[];
};
/** A post's public metrics, in X's names (`tweet.fields=public_metrics`). */
export type XPublicMetrics = {
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
};
export type XApiFake = {
  /** For X_API_BASE_URL, e.g. http://127.0.0.1:5000 (the client adds /2/). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests of one route, e.g. 'POST /2/tweets', 'DELETE /2/tweets/:id', 'GET /2/users/:id/mentions'. */
  requestsTo: (route: string) => RecordedRequest[];
  /** A user whose OAuth 2.0 access token the fake accepts; other tokens get 401. */
  addUser: (user: { username: string; name?: string; token?: string; id?: string }) => XUser & { token: string };
  users: XUser[];
  /** The posts X holds now: a deleted post leaves this list (and every timeline), as it leaves X. */
  posts: XPost[];
  media: Map<string, XMedia>;
  /** The bytes received for a medium, its segments joined in order. */
  mediaBytes: (mediaId: string) => Buffer;
  /** A post by any user (e.g. a mention of an agent's account, or a reply to one of its posts). */
  seedPost: (post: { authorId: string; text: string; inReplyToPostId?: string; createdAt?: Date }) => XPost;
  videoProcessing: VideoProcessing;
  /** What GET /2/tweets answers as the post's public metrics from now on (counts not given stay as they were, 0 at first). */
  setMetrics: (postId: string, metrics: Partial<XPublicMetrics>) => void;
  /**
   * The next `times` posts whose text contains `containing` are refused with `status`, whoever posts them: a failure
   * one test can aim at its own post while others post side by side (also over HTTP: x-post-refusals.ts).
   */
  refusePostsContaining: (containing: string, options: { status: number; times?: number }) => void;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  /** Every call of the route waits this long before it is handled (0: no wait). */
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

const RATE_LIMIT = 300;
const MAX_TEXT_LENGTH = 280;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const compareIds = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

/**
 * A loopback X API v2 for the endpoints the adapter uses — posts (create, delete, look up by ids with their public
 * metrics), the v2 media upload (initialize / append / finalize / STATUS, metadata), a user's posts, mentions, users
 * by username — in the real formats
 * (problem+json errors, rate-limit headers, HTML-escaped text, 403 on duplicate text or on another's post). It
 * keeps state per user and records every request; tests script failures, hangs and dropped connections per route.
 */
export type XApiFakeOptions = {
  /** Accepts tokens issued elsewhere (the X OAuth fake): the user a token belongs to, or null. */
  trustTokens?: (token: string) => XUser | null;
  /** false: keep no record of the requests (benchmarks); the posts are kept all the same. */
  recordRequests?: boolean;
};

export const startXApiFake = async ({ trustTokens, recordRequests }: XApiFakeOptions = {}): Promise<XApiFake> => {
  const users: XUser[] = [];
  const tokens = new Map<string, string>();
  const posts: XPost[] = [];
  const media = new Map<string, XMedia>();
  const videoProcessing: VideoProcessing = { statusPolls: 2, checkAfterSecs: 1 };
  let nextId = 1_860_000_000_000_000_000n;
  const newId = () => String((nextId += BigInt(1 + Math.floor(Math.random() * 1000))));

  const userById = (id: string) => users.find((user) => user.id === id);
  const callerOf = (request: RecordedRequest) => {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!token) return undefined;
    const known = userById(tokens.get(token) ?? '');
    if (known) return known;
    const trusted = trustTokens?.(token);
    if (!trusted) return undefined;
    if (!userById(trusted.id)) users.push({ ...trusted });
    return userById(trusted.id);
  };
  /** Every endpoint needs a known user access token. */
  const authed: Authed = (handle) => (context) => {
    const caller = callerOf(context.request);
    return caller ? handle(context, caller) : problem(401, 'Unauthorized', 'Unauthorized');
  };

  // Indexes over `posts`, so that a fake holding many thousands of them (benchmarks) answers as fast as an empty one.
  const postById = new Map<string, XPost>();
  const textsByAuthor = new Set<string>();
  const authorText = (authorId: string, text: string) => `${authorId}\n${text}`;

  const addPost = (post: Omit<XPost, 'id' | 'conversationId'> & { id?: string }) => {
    const id = post.id ?? newId();
    const parent = post.inReplyToPostId ? postById.get(post.inReplyToPostId) : undefined;
    const stored: XPost = {
      ...post,
      id,
      conversationId: parent?.conversationId ?? id,
      inReplyToUserId: parent?.authorId,
    };
    posts.push(stored);
    postById.set(id, stored);
    textsByAuthor.add(authorText(stored.authorId, stored.text));
    return stored;
  };

  const removePost = (post: XPost) => {
    posts.splice(posts.indexOf(post), 1);
    postById.delete(post.id);
    // Seeded posts skip the duplicate rule, so another of the author's may carry the same text: it still counts.
    if (!posts.some((other) => other.authorId === post.authorId && other.text === post.text))
      textsByAuthor.delete(authorText(post.authorId, post.text));
  };

  /** A page of posts in X's shape, honouring since_id, start_time, max_results, pagination_token and the fields asked. */
  const timeline = (request: RecordedRequest, candidates: XPost[]): FakeReply => {
    const { since_id: sinceId, start_time: startTime, pagination_token: token } = request.query;
    const maxResults = Number(request.query.max_results ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
      return invalidRequest(
        `The \`max_results\` query parameter value [${request.query.max_results}] is not between 5 and 100`,
      );
    }
    const excluded = new Set((request.query.exclude ?? '').split(',').filter(Boolean));
    const matching = candidates
      .filter((post) => !sinceId || compareIds(post.id, sinceId) > 0)
      .filter((post) => !startTime || post.createdAt >= new Date(startTime))
      .filter((post) => !(excluded.has('replies') && post.inReplyToPostId))
      .sort((a, b) => compareIds(b.id, a.id));
    const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
    const page = matching.slice(offset, offset + maxResults);
    if (page.length === 0) return { status: 200, json: { meta: { result_count: 0 } } };

    const fields = new Set((request.query['tweet.fields'] ?? '').split(','));
    const data = page.map((post) => ({
      id: post.id,
      text: escapeHtml(post.text),
      edit_history_tweet_ids: [post.id],
      ...(fields.has('created_at') && { created_at: post.createdAt.toISOString() }),
      ...(fields.has('author_id') && { author_id: post.authorId }),
      ...(fields.has('conversation_id') && { conversation_id: post.conversationId }),
      ...(fields.has('in_reply_to_user_id') && post.inReplyToUserId && { in_reply_to_user_id: post.inReplyToUserId }),
      ...(fields.has('referenced_tweets') &&
        post.inReplyToPostId && { referenced_tweets: [{ type: 'replied_to', id: post.inReplyToPostId }] }),
    }));
    const authors = (request.query.expansions ?? '').split(',').includes('author_id')
      ? [...new Set(page.map((post) => post.authorId))].map((id) => userById(id)).filter((user) => user !== undefined)
      : [];
    const nextOffset = offset + page.length;
    return {
      status: 200,
      json: {
        data,
        ...(authors.length > 0 && {
          includes: { users: authors.map(({ id, name, username }) => ({ id, name, username })) },
        }),
        meta: {
          result_count: page.length,
          newest_id: page[0]?.id,
          oldest_id: page.at(-1)?.id,
          ...(nextOffset < matching.length && { next_token: Buffer.from(String(nextOffset)).toString('base64url') }),
        },
      },
    };
  };

  const refusals = createPostRefusals();

  const createPost = authed(({ request }, caller) => {
    const body = (request.json ?? {}) as {
      text?: string;
      media?: { media_ids?: string[] };
      reply?: { in_reply_to_tweet_id?: string };
    };
    const text = body.text ?? '';
    const mediaIds = body.media?.media_ids ?? [];
    if (!text && mediaIds.length === 0) return invalidRequest('Post text or media is required.');
    if ([...text].length > MAX_TEXT_LENGTH) {
      return problem(
        400,
        'Bad Request',
        'Your Tweet text is too long. For more information on how Twitter determines text length see https://github.com/twitter/twitter-text.',
      );
    }
    for (const id of mediaIds) {
      const medium = media.get(id);
      if (!medium || medium.ownerId !== caller.id || medium.state !== 'succeeded')
        return invalidRequest('Your media IDs are invalid.');
    }
    const replyTo = body.reply?.in_reply_to_tweet_id;
    if (replyTo && !postById.has(replyTo)) {
      return problem(403, 'Forbidden', 'You attempted to reply to a Tweet that is deleted or not visible to you.');
    }
    const refused = refusals.refusalOf(text);
    if (refused) return refused;
    if (textsByAuthor.has(authorText(caller.id, text))) {
      return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    }
    const post = addPost({ authorId: caller.id, text, createdAt: new Date(), inReplyToPostId: replyTo, mediaIds });
    return {
      status: 201,
      json: { data: { id: post.id, text: escapeHtml(post.text), edit_history_tweet_ids: [post.id] } },
    };
  });

  const metrics = new Map<string, XPublicMetrics>();
  const metricsOf = (postId: string): XPublicMetrics =>
    metrics.get(postId) ?? {
      retweet_count: 0,
      reply_count: 0,
      like_count: 0,
      quote_count: 0,
      bookmark_count: 0,
      impression_count: 0,
    };

  /** Post lookup by ids (up to 100): the posts found in `data`, each missing one as an `errors` entry, answered 200. */
  const lookupPosts = authed(({ request }) => {
    const ids = (request.query.ids ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100) {
      return invalidRequest(
        `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and 100`,
      );
    }
    const malformed = ids.find((id) => !/^\d{1,19}$/.test(id));
    if (malformed) {
      return invalidRequest(`The \`ids\` query parameter value [${malformed}] does not match ^[0-9]{1,19}$`);
    }
    const fields = new Set((request.query['tweet.fields'] ?? '').split(','));
    const data = ids.flatMap((id) => {
      const post = postById.get(id);
      if (!post) return [];
      return [
        {
          id: post.id,
          text: escapeHtml(post.text),
          edit_history_tweet_ids: [post.id],
          ...(fields.has('public_metrics') && { public_metrics: metricsOf(post.id) }),
          ...(fields.has('author_id') && { author_id: post.authorId }),
        },
      ];
    });
    const errors = ids
      .filter((id) => !postById.has(id))
      .map((id) => ({
        value: id,
        detail: `Could not find tweet with ids: [${id}].`,
        title: 'Not Found Error',
        resource_type: 'tweet',
        parameter: 'ids',
        resource_id: id,
        type: 'https://api.twitter.com/2/problems/resource-not-found',
      }));
    return { status: 200, json: { ...(data.length > 0 && { data }), ...(errors.length > 0 && { errors }) } };
  });

  const deletePost = authed(({ params }, caller) => {
    const post = postById.get(params.id ?? '');
    if (!post) {
      return problem(
        404,
        'Not Found Error',
        `Could not find tweet with id: [${params.id}].`,
        'https://api.twitter.com/2/problems/resource-not-found',
      );
    }
    if (post.authorId !== caller.id)
      return problem(403, 'Forbidden', 'You are not allowed to delete a Tweet you did not create.');
    removePost(post);
    return { status: 200, json: { data: { deleted: true } } };
  });

  const routes: Route[] = [
    { method: 'POST', pattern: '/2/tweets', handle: createPost },
    refusals.route,
    { method: 'GET', pattern: '/2/tweets', handle: lookupPosts },
    { method: 'DELETE', pattern: '/2/tweets/:id', handle: deletePost },
    ...xMediaUploadRoutes({ media, videoProcessing, newId, authed }),
    {
      method: 'GET',
      pattern: '/2/users/me',
      handle: authed((_context, caller) => ({ status: 200, json: { data: caller } })),
    },
    {
      method: 'GET',
      pattern: '/2/users/by/username/:username',
      handle: authed(({ params }) => {
        const username = params.username ?? '';
        const user = users.find((candidate) => candidate.username.toLowerCase() === username.toLowerCase());
        if (user) return { status: 200, json: { data: { id: user.id, name: user.name, username: user.username } } };
        return {
          status: 200,
          json: {
            errors: [
              {
                value: username,
                detail: `Could not find user with username: [${username}].`,
                title: 'Not Found Error',
                resource_type: 'user',
                parameter: 'username',
                resource_id: username,
                type: 'https://api.twitter.com/2/problems/resource-not-found',
              },
            ],
          },
        };
      }),
    },
    {
      method: 'GET',
      pattern: '/2/users/:id/tweets',
      handle: authed(({ request, params }) =>
        timeline(
          request,
          posts.filter((post) => post.authorId === params.id),
        ),
      ),
    },
    {
      method: 'GET',
      pattern: '/2/users/:id/mentions',
      handle: authed(({ request, params }) => {
        const user = userById(params.id ?? '');
        if (!user) return problem(404, 'Not Found Error', `Could not find user with id: [${params.id}].`);
        const mention = new RegExp(`(^|[^\\w])@${user.username}(?!\\w)`, 'i');
        return timeline(
          request,
          posts.filter((post) => post.authorId !== user.id && mention.test(post.text)),
        );
      }),
    },
  ];

  let rateLimitReset = 0;
  const server = await startPlatformFakeServer({
    recordRequests,
    routes,
    notFound: () => problem(404, 'Not Found Error', 'The requested resource does not exist.'),
    errorReply: (status, retryAfterSeconds) => {
      const reply = problem(status, STATUS_TITLES[status] ?? 'Error', STATUS_TITLES[status] ?? 'Error');
      if (status !== 429) return reply;
      const reset = Math.floor(Date.now() / 1000) + (retryAfterSeconds ?? 900);
      return {
        ...reply,
        headers: {
          ...reply.headers,
          'x-rate-limit-limit': String(RATE_LIMIT),
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(reset),
        },
      };
    },
    commonHeaders: () => {
      const now = Math.floor(Date.now() / 1000);
      if (rateLimitReset <= now) rateLimitReset = now + 900;
      return {
        'x-rate-limit-limit': String(RATE_LIMIT),
        'x-rate-limit-remaining': String(RATE_LIMIT - 1),
        'x-rate-limit-reset': String(rateLimitReset),
      };
    },
  });

  return {
    ...server,
    users,
    posts,
    media,
    videoProcessing,
    addUser: ({ username, name = username, token = `x-token-${randomBytes(12).toString('hex')}`, id = newId() }) => {
      const user = { id, username, name };
      users.push(user);
      tokens.set(token, user.id);
      return { ...user, token };
    },
    refusePostsContaining: refusals.refuse,
    setMetrics: (postId, counts) => void metrics.set(postId, { ...metricsOf(postId), ...counts }),
    mediaBytes: (mediaId) => {
      const medium = media.get(mediaId);
      if (!medium) throw new Error(`The fake holds no media ${mediaId}.`);
      return Buffer.concat([...medium.segments.entries()].sort(([a], [b]) => a - b).map(([, chunk]) => chunk));
    },
    seedPost: ({ authorId, text, inReplyToPostId, createdAt = new Date() }) => {
      if (!userById(authorId)) throw new Error(`Seed a post for a user added with addUser, not ${authorId}.`);
      return addPost({ authorId, text, createdAt, inReplyToPostId, mediaIds: [] });
    },
  };
};
