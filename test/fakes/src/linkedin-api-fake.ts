import { randomBytes } from 'node:crypto';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';

export type LinkedInMember = { urn: string; token: string };
export type LinkedInPost = {
  /** urn:li:share:… */
  id: string;
  author: string;
  /** As sent: in LinkedIn's "little" text format, reserved characters escaped. */
  commentary: string;
  visibility: string;
  lifecycleState: string;
  distribution: unknown;
  isReshareDisabledByAuthor: boolean;
  content?: { media?: { id: string; altText?: string; title?: string } };
  createdAt: number;
};
export type LinkedInImage = {
  urn: string;
  owner: string;
  uploadPath: string;
  bytes?: Buffer;
  uploadContentType?: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE';
  statusPollsLeft: number;
};

/** A post's social actions as LinkedIn counts them (`GET /rest/socialActions/{urn}`). */
export type LinkedInSocialCounts = {
  totalLikes: number;
  totalFirstLevelComments: number;
  aggregatedTotalComments: number;
};

export type LinkedInApiFake = {
  /** For LINKEDIN_API_BASE_URL, e.g. http://127.0.0.1:5001 (the client adds /rest/…). */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Requests of one route: 'POST /rest/posts', 'GET /rest/posts', 'DELETE /rest/posts/:urn', 'POST /rest/images',
   * 'GET /rest/images/:urn', 'PUT /dms-uploads/:id', 'GET /rest/socialActions/:urn'.
   */
  requestsTo: (route: string) => RecordedRequest[];
  /** A member whose access token the fake accepts; other tokens get 401. */
  addMember: (member?: { token?: string }) => LinkedInMember;
  /** The posts LinkedIn holds now: a deleted post leaves this list (and the author finder), as it leaves LinkedIn. */
  posts: LinkedInPost[];
  images: Map<string, LinkedInImage>;
  /** What GET /rest/socialActions/{urn} answers for the post from now on (counts not given stay as they were, 0 at first). */
  setMetrics: (urn: string, counts: Partial<LinkedInSocialCounts>) => void;
  settings: {
    /** False: the app lacks r_member_social, so reading posts (and their likes and comments) answers 403 as LinkedIn does. */
    canReadPosts: boolean;
    /** GET /rest/images/{urn} answers PROCESSING this many times after the upload before AVAILABLE. */
    imageProcessingPolls: number;
    /** LinkedIn-Version values LinkedIn no longer serves (426). */
    sunsetVersions: string[];
  };
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  /** Every call of the route waits this long before it is handled (0: no wait). */
  slowDown: (route: string, delayMs: number) => void;
  close: () => Promise<void>;
};

const MAX_COMMENTARY = 3000;

const restliError = (status: number, code: string, message: string, serviceErrorCode?: number): FakeReply => ({
  status,
  json: { status, ...(serviceErrorCode !== undefined && { serviceErrorCode }), code, message },
});
const badRequest = (message: string, fieldPath: string, code: string): FakeReply => ({
  status: 400,
  json: {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message,
    errorDetails: { inputErrors: [{ description: message, input: { inputPath: { fieldPath } }, code }] },
    status: 400,
  },
});
const SCRIPTED: Record<number, [string, string, number?]> = {
  400: ['BAD_REQUEST', 'Bad request'],
  401: ['INVALID_ACCESS_TOKEN', 'Invalid access token', 65600],
  403: ['ACCESS_DENIED', 'Not enough permissions to access this resource', 100],
  404: ['NOT_FOUND', 'Not Found'],
  429: [
    'TOO_MANY_REQUESTS',
    'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
    101,
  ],
  500: ['INTERNAL_SERVER_ERROR', 'Internal Server Error'],
  502: ['BAD_GATEWAY', 'Bad Gateway'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable'],
  504: ['GATEWAY_TIMEOUT', 'Gateway Timeout'],
};

/**
 * A loopback LinkedIn REST API for what the adapter uses: the Posts API (create, delete, the author finder), the
 * Images API (initializeUpload, the upload URL, status), a post's social actions (likes and comments) — with LinkedIn's headers (`x-restli-id`), Rest.li error
 * bodies, its 422 for duplicate posts, its 403 for another member's post and its version and protocol header checks.
 * It keeps posts per member, records every request and lets tests script failures, hangs and dropped connections per
 * route.
 */
export type LinkedInApiFakeOptions = {
  /** Accepts tokens issued elsewhere (the LinkedIn OAuth fake): the member urn a token belongs to, or null. */
  trustTokens?: (token: string) => string | null;
  /** false: keep no record of the requests (benchmarks); the posts are kept all the same. */
  recordRequests?: boolean;
};

export const startLinkedInApiFake = async ({
  trustTokens,
  recordRequests,
}: LinkedInApiFakeOptions = {}): Promise<LinkedInApiFake> => {
  const tokens = new Map<string, string>();
  const memberOf = (authorization: unknown) => {
    const token = /^Bearer (.+)$/.exec(String(authorization ?? ''))?.[1] ?? '';
    return tokens.get(token) ?? trustTokens?.(token) ?? undefined;
  };
  const posts: LinkedInPost[] = [];
  const images = new Map<string, LinkedInImage>();
  const settings: LinkedInApiFake['settings'] = { canReadPosts: true, imageProcessingPolls: 0, sunsetVersions: [] };
  let nextShare = 7_300_000_000_000_000_000n;
  let baseUrl = '';

  /** Every /rest call needs a known token, a LinkedIn-Version LinkedIn serves and Rest.li 2.0.0. */
  const rest =
    (handle: (context: RouteContext, member: string) => FakeReply | Promise<FakeReply>) => (context: RouteContext) => {
      const { headers } = context.request;
      const member = memberOf(headers.authorization);
      if (!member) return restliError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
      const version = String(headers['linkedin-version'] ?? '');
      if (!version)
        return restliError(
          400,
          'VERSION_MISSING',
          'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        );
      if (!/^\d{6}(\.\d{2})?$/.test(version) || settings.sunsetVersions.includes(version)) {
        return restliError(426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
      }
      if (headers['x-restli-protocol-version'] !== '2.0.0') {
        return restliError(400, 'ILLEGAL_ARGUMENT', 'X-Restli-Protocol-Version 2.0.0 is required for this resource.');
      }
      return handle(context, member);
    };

  const createPost = rest(({ request }, member) => {
    const body = (request.json ?? {}) as Partial<LinkedInPost> & { distribution?: { feedDistribution?: string } };
    if (body.author !== member) {
      return restliError(
        403,
        'ACCESS_DENIED',
        `Not enough permissions to access: partnerApiPostsExternal.CREATE.20260701 for ${body.author}`,
        100,
      );
    }
    if (typeof body.commentary !== 'string')
      return badRequest('commentary is required', '/commentary', 'MISSING_FIELD');
    if (body.commentary.length > MAX_COMMENTARY)
      return badRequest(`commentary exceeds ${MAX_COMMENTARY} characters`, '/commentary', 'MAX_LENGTH_EXCEEDED');
    if (body.visibility !== 'PUBLIC' && body.visibility !== 'CONNECTIONS')
      return badRequest('visibility is invalid', '/visibility', 'INVALID_VALUE');
    if (body.lifecycleState !== 'PUBLISHED')
      return badRequest('lifecycleState must be PUBLISHED', '/lifecycleState', 'INVALID_VALUE');
    if (body.distribution?.feedDistribution !== 'MAIN_FEED')
      return badRequest('distribution.feedDistribution is required', '/distribution', 'MISSING_FIELD');
    const imageUrn = body.content?.media?.id;
    if (imageUrn) {
      const image = images.get(imageUrn);
      if (!image || image.owner !== member)
        return badRequest(
          `Media ${imageUrn} does not exist or is not owned by the author`,
          '/content/media/id',
          'INVALID_URN',
        );
      if (image.status !== 'AVAILABLE')
        return badRequest(`Media ${imageUrn} is not ready`, '/content/media/id', 'MEDIA_NOT_READY');
    }
    const duplicate = posts.find((post) => post.author === member && post.commentary === body.commentary);
    if (duplicate) {
      return {
        status: 422,
        json: {
          errorDetailType: 'com.linkedin.common.error.BadRequest',
          message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.id}`,
          errorDetails: {
            inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }],
          },
          status: 422,
        },
      };
    }
    const post: LinkedInPost = {
      id: `urn:li:share:${(nextShare += 1n)}`,
      author: member,
      commentary: body.commentary,
      visibility: body.visibility,
      lifecycleState: body.lifecycleState,
      distribution: body.distribution,
      isReshareDisabledByAuthor: body.isReshareDisabledByAuthor ?? false,
      content: body.content,
      createdAt: Date.now(),
    };
    posts.push(post);
    return { status: 201, headers: { 'x-restli-id': post.id, 'x-linkedin-id': post.id } };
  });

  const findPostsByAuthor = rest(({ request }, member) => {
    const { q, author } = request.query;
    if (q !== 'author' || !author)
      return badRequest('The author finder needs q=author and author', '/author', 'MISSING_FIELD');
    if (!settings.canReadPosts || author !== member) {
      return restliError(
        403,
        'ACCESS_DENIED',
        'Not enough permissions to access: partnerApiPostsExternal.FINDER-author.20260701',
        100,
      );
    }
    const start = Number(request.query.start ?? 0);
    const count = Math.min(Number(request.query.count ?? 10), 100);
    const sorted = posts.filter((post) => post.author === author).sort((a, b) => b.createdAt - a.createdAt);
    const elements = sorted.slice(start, start + count).map((post) => ({
      ...post,
      publishedAt: post.createdAt,
      lastModifiedAt: post.createdAt,
      lifecycleStateInfo: { isEditedByAuthor: false },
    }));
    const links =
      start + count < sorted.length
        ? [
            {
              type: 'application/json',
              rel: 'next',
              href: `/rest/posts?author=${encodeURIComponent(author)}&count=${count}&q=author&start=${start + count}`,
            },
          ]
        : [];
    return { status: 200, json: { paging: { start, count, links, total: sorted.length }, elements } };
  });

  const deletePost = rest(({ params }, member) => {
    const index = posts.findIndex((post) => post.id === params.urn);
    const post = posts[index];
    if (!post) return restliError(404, 'NOT_FOUND', `Post ${params.urn} not found`);
    if (post.author !== member) {
      return restliError(
        403,
        'ACCESS_DENIED',
        `Not enough permissions to access: partnerApiPostsExternal.DELETE.20260701 for ${post.id}`,
        100,
      );
    }
    posts.splice(index, 1);
    return { status: 204 };
  });

  const socialCounts = new Map<string, LinkedInSocialCounts>();
  const countsOf = (urn: string) =>
    socialCounts.get(urn) ?? { totalLikes: 0, totalFirstLevelComments: 0, aggregatedTotalComments: 0 };

  /** The summary of a post's likes and comments, as the versioned socialActions resource answers it. */
  const readSocialActions = rest(({ params }) => {
    const urn = params.urn ?? '';
    if (!settings.canReadPosts) {
      return restliError(
        403,
        'ACCESS_DENIED',
        `Not enough permissions to access: partnerApiSocialActions.GET.20260701 for ${urn}`,
        100,
      );
    }
    const post = posts.find((candidate) => candidate.id === urn);
    if (!post) return restliError(404, 'NOT_FOUND', `Social actions of ${urn} not found`);
    const counts = countsOf(urn);
    return {
      status: 200,
      json: {
        $URN: `urn:li:socialActions:${urn}`,
        target: urn,
        likesSummary: {
          likedByCurrentUser: false,
          totalLikes: counts.totalLikes,
          aggregatedTotalLikes: counts.totalLikes,
        },
        commentsSummary: {
          totalFirstLevelComments: counts.totalFirstLevelComments,
          aggregatedTotalComments: counts.aggregatedTotalComments,
        },
      },
    };
  });

  const initializeUpload = rest(({ request }, member) => {
    if (request.query.action !== 'initializeUpload')
      return badRequest('Unsupported action', '/action', 'INVALID_VALUE');
    const owner = (request.json as { initializeUploadRequest?: { owner?: string } } | undefined)
      ?.initializeUploadRequest?.owner;
    if (owner !== member)
      return restliError(403, 'ACCESS_DENIED', `Not enough permissions to upload images for ${owner}`, 100);
    const key = randomBytes(9).toString('base64url');
    const image: LinkedInImage = {
      urn: `urn:li:image:C4E10AQ${key}`,
      owner,
      uploadPath: `/dms-uploads/${key}`,
      status: 'WAITING_UPLOAD',
      statusPollsLeft: settings.imageProcessingPolls,
    };
    images.set(image.urn, image);
    return {
      status: 200,
      // On the host the client called (this fake, or a router in front of it), as LinkedIn's are on its own domain.
      json: {
        value: {
          uploadUrlExpiresAt: Date.now() + 86_400_000,
          uploadUrl: `${request.headers.host ? `http://${request.headers.host}` : baseUrl}${image.uploadPath}`,
          image: image.urn,
        },
      },
    };
  });

  const receiveUpload = ({ request, params }: RouteContext): FakeReply => {
    const image = [...images.values()].find((candidate) => candidate.uploadPath === `/dms-uploads/${params.id}`);
    if (!image || !memberOf(request.headers.authorization)) {
      return { status: 401, json: { message: 'Unauthorized upload' } };
    }
    image.bytes = request.body;
    image.uploadContentType = String(request.headers['content-type'] ?? '');
    image.status = image.statusPollsLeft > 0 ? 'PROCESSING' : 'AVAILABLE';
    return { status: 201 };
  };

  const getImage = rest(({ params }, member) => {
    const image = images.get(params.urn ?? '');
    if (!image || image.owner !== member) return restliError(404, 'NOT_FOUND', `Image ${params.urn} not found`);
    if (image.status === 'PROCESSING') {
      if (image.statusPollsLeft > 0) image.statusPollsLeft -= 1;
      else image.status = 'AVAILABLE';
    }
    return {
      status: 200,
      json: {
        id: image.urn,
        owner: image.owner,
        status: image.status,
        ...(image.bytes && { downloadUrl: `${baseUrl}${image.uploadPath}` }),
      },
    };
  });

  const routes: Route[] = [
    { method: 'POST', pattern: '/rest/posts', handle: createPost },
    { method: 'GET', pattern: '/rest/posts', handle: findPostsByAuthor },
    { method: 'DELETE', pattern: '/rest/posts/:urn', handle: deletePost },
    { method: 'POST', pattern: '/rest/images', handle: initializeUpload },
    { method: 'GET', pattern: '/rest/images/:urn', handle: getImage },
    { method: 'PUT', pattern: '/dms-uploads/:id', handle: receiveUpload },
    { method: 'GET', pattern: '/rest/socialActions/:urn', handle: readSocialActions },
  ];

  const server = await startPlatformFakeServer({
    routes,
    recordRequests,
    notFound: (request) => restliError(404, 'NOT_FOUND', `No virtual resource found for ${request.path}`),
    errorReply: (status, retryAfterSeconds) => {
      const [code, message, serviceErrorCode] = SCRIPTED[status] ?? ['ERROR', `Error ${status}`];
      const reply = restliError(status, code, message, serviceErrorCode);
      return retryAfterSeconds === undefined
        ? reply
        : { ...reply, headers: { 'retry-after': String(retryAfterSeconds) } };
    },
  });
  baseUrl = server.baseUrl;

  return {
    ...server,
    posts,
    images,
    settings,
    setMetrics: (urn, counts) => void socialCounts.set(urn, { ...countsOf(urn), ...counts }),
    addMember: ({ token = `li-token-${randomBytes(12).toString('hex')}` } = {}) => {
      const urn = `urn:li:person:${randomBytes(6).toString('base64url')}`;
      tokens.set(token, urn);
      return { urn, token };
    },
  };
};
