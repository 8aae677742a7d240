import { randomBytes } from 'node:crypto';
import { fakeCid, fakeDid, fakeJwt, nextTid } from './bluesky-fake-ids.ts';
import { blueskyPostThread, listBlueskyNotifications } from './bluesky-fake-notifications.ts';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';

export type BlueskyAccount = { did: string; handle: string; appPassword: string };
/** A post record as the account's repository holds it. */
export type BlueskyRecord = {
  uri: string;
  cid: string;
  rkey: string;
  repo: string;
  value: Record<string, unknown>;
  /** When the AppView saw it (ISO): notifications are ordered by it. */
  indexedAt?: string;
};
export type BlueskyCounts = { likeCount: number; repostCount: number; replyCount: number; quoteCount: number };

export type BlueskyApiFake = {
  /** For BLUESKY_SERVICE_URL: one server playing the PDS and the AppView behind it. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests of one route, e.g. 'POST /xrpc/com.atproto.repo.createRecord'. */
  requestsTo: (route: string) => RecordedRequest[];
  /** An account that signs in with this handle and app password. */
  addAccount: (account?: { handle?: string }) => BlueskyAccount;
  /** The posts the repositories hold now (a deleted one leaves). */
  posts: BlueskyRecord[];
  /** The blobs uploaded, by CID. */
  blobs: Map<string, { bytes: Buffer; mimeType: string }>;
  /** The account revoked its app password: its sessions' tokens are refused from now on. */
  revokeSessions: (did: string) => void;
  /**
   * Another account posts, as if from its own app: a mention of `mentions` (their handles, with the facets Bluesky's
   * apps make) or a reply to `replyTo` (a post's uri). Answers the record.
   */
  seedPost: (
    author: BlueskyAccount,
    post: { text: string; mentions?: BlueskyAccount[]; replyTo?: string; createdAt?: Date },
  ) => BlueskyRecord;
  /** What app.bsky.feed.getPosts counts for the post from now on (0 at first). */
  setCounts: (uri: string, counts: Partial<BlueskyCounts>) => void;
  settings: {
    /** How long a session's access token lasts (Bluesky's: 2 hours). */
    accessLifetimeSeconds: number;
    /** The PDS the accounts' DID documents name (bsky.social's accounts live on other hosts); none when unset. */
    pdsUrl?: string;
  };
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
};

const POST = 'app.bsky.feed.post';
const xrpcError = (status: number, error: string, message: string): FakeReply => ({
  status,
  json: { error, message },
});
const SCRIPTED: Record<number, [string, string]> = {
  400: ['InvalidRequest', 'Invalid request'],
  401: ['AuthenticationRequired', 'Authentication Required'],
  429: ['RateLimitExceeded', 'Rate Limit Exceeded'],
  500: ['InternalServerError', 'Internal Server Error'],
  502: ['UpstreamFailure', 'Upstream Failure'],
  503: ['NotEnoughResources', 'Not Enough Resources'],
};

/**
 * Bluesky's XRPC API as Agentcast uses it, on loopback: sign-in with an app password and session renewal (each
 * refresh token spent once), handle resolution for mentions, blobs, post records at a chosen or a new key (a key
 * taken is refused, as the PDS does), reading and listing the account's records, deleting them, and the AppView's
 * getPosts with counts the test sets, and the notifications of mentions and replies (bluesky-fake-notifications.ts).
 */
export const startBlueskyApiFake = async (): Promise<BlueskyApiFake> => {
  const accounts = new Map<string, BlueskyAccount>();
  const access = new Map<string, { did: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  const posts: BlueskyRecord[] = [];
  const blobs = new Map<string, { bytes: Buffer; mimeType: string }>();
  const counts = new Map<string, BlueskyCounts>();
  const settings: BlueskyApiFake['settings'] = { accessLifetimeSeconds: 7200 };

  const openSession = (account: BlueskyAccount) => {
    const now = Math.floor(Date.now() / 1000);
    const accessJwt = fakeJwt({
      sub: account.did,
      scope: 'com.atproto.appPass',
      exp: now + settings.accessLifetimeSeconds,
    });
    const refreshJwt = fakeJwt({ sub: account.did, scope: 'com.atproto.refresh', exp: now + 90 * 86_400 });
    access.set(accessJwt, { did: account.did, expiresAt: (now + settings.accessLifetimeSeconds) * 1000 });
    refresh.set(refreshJwt, account.did);
    const didDoc = settings.pdsUrl && {
      id: account.did,
      alsoKnownAs: [`at://${account.handle}`],
      service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: settings.pdsUrl }],
    };
    return { accessJwt, refreshJwt, did: account.did, handle: account.handle, active: true, ...(didDoc && { didDoc }) };
  };

  const bearer = (request: RecordedRequest) => /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];

  /** The signed-in account, or the error the PDS answers. */
  const signedIn = (request: RecordedRequest): { did: string } | FakeReply => {
    const session = access.get(bearer(request) ?? '');
    if (!session) return xrpcError(401, 'InvalidToken', 'Bad token scope');
    if (session.expiresAt <= Date.now()) return xrpcError(400, 'ExpiredToken', 'Token has expired');
    return session;
  };

  const authed =
    (handle: (context: RouteContext, did: string) => FakeReply | Promise<FakeReply>) => (context: RouteContext) => {
      const session = signedIn(context.request);
      return 'status' in session ? session : handle(context, session.did);
    };

  // Strictly increasing, so two posts in one millisecond keep their order.
  let lastIndexed = 0;
  const indexedNow = () => {
    lastIndexed = Math.max(Date.now(), lastIndexed + 1);
    return new Date(lastIndexed).toISOString();
  };
  const findPost = (repo: string, rkey: string) => posts.find((post) => post.repo === repo && post.rkey === rkey);
  const body = (request: RecordedRequest) => (request.json ?? {}) as Record<string, unknown>;

  const seedPost: BlueskyApiFake['seedPost'] = (author, { text, mentions = [], replyTo, createdAt = new Date() }) => {
    const rkey = nextTid();
    const facets = mentions.flatMap((account) => {
      const start = Buffer.byteLength(text.slice(0, Math.max(0, text.indexOf(`@${account.handle}`))));
      if (!text.includes(`@${account.handle}`)) return [];
      return [
        {
          index: { byteStart: start, byteEnd: start + Buffer.byteLength(`@${account.handle}`) },
          features: [{ $type: 'app.bsky.richtext.facet#mention', did: account.did }],
        },
      ];
    });
    const parent = replyTo ? posts.find((post) => post.uri === replyTo) : undefined;
    const root = (parent?.value.reply as { root?: unknown } | undefined)?.root;
    const parentRef = parent && { uri: parent.uri, cid: parent.cid };
    const value = {
      $type: POST,
      text,
      createdAt: createdAt.toISOString(),
      ...(facets.length > 0 && { facets }),
      ...(parentRef && { reply: { root: root ?? parentRef, parent: parentRef } }),
    };
    const record = {
      uri: `at://${author.did}/${POST}/${rkey}`,
      cid: fakeCid(JSON.stringify(value)),
      rkey,
      repo: author.did,
      value,
      indexedAt: indexedNow(),
    };
    posts.push(record);
    return record;
  };

  const addAccount: BlueskyApiFake['addAccount'] = ({
    handle = `agent-${randomBytes(3).toString('hex')}.bsky.social`,
  } = {}) => {
    const account = { did: fakeDid(), handle, appPassword: 'abcd-efgh-ijkl-mnop' };
    accounts.set(account.did, account);
    return account;
  };

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: '/xrpc/com.atproto.server.createSession',
      handle: ({ request }) => {
        const { identifier, password } = body(request) as { identifier?: string; password?: string };
        const account = [...accounts.values()].find(
          (candidate) => candidate.handle === identifier || candidate.did === identifier,
        );
        if (!account || account.appPassword !== password)
          return xrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password');
        return { status: 200, json: openSession(account) };
      },
    },
    {
      method: 'POST',
      pattern: '/xrpc/com.atproto.server.refreshSession',
      handle: ({ request }) => {
        const token = bearer(request) ?? '';
        const did = refresh.get(token);
        if (!did) return xrpcError(400, 'ExpiredToken', 'Token has been revoked');
        refresh.delete(token);
        const account = accounts.get(did);
        return account ? { status: 200, json: openSession(account) } : xrpcError(400, 'InvalidToken', 'No account');
      },
    },
    {
      method: 'GET',
      pattern: '/xrpc/com.atproto.identity.resolveHandle',
      handle: ({ request }) => {
        const account = [...accounts.values()].find((candidate) => candidate.handle === request.query.handle);
        return account
          ? { status: 200, json: { did: account.did } }
          : xrpcError(400, 'InvalidRequest', 'Unable to resolve handle');
      },
    },
    {
      method: 'POST',
      pattern: '/xrpc/com.atproto.repo.uploadBlob',
      handle: authed(({ request }) => {
        const mimeType = String(request.headers['content-type'] ?? 'application/octet-stream');
        const cid = fakeCid(request.body, 'raw');
        blobs.set(cid, { bytes: request.body, mimeType });
        return {
          status: 200,
          json: { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: request.bodyBytes } },
        };
      }),
    },
    {
      method: 'POST',
      pattern: '/xrpc/com.atproto.repo.createRecord',
      handle: authed(({ request }, did) => {
        const {
          repo,
          collection,
          rkey = nextTid(),
          record,
        } = body(request) as {
          repo?: string;
          collection?: string;
          rkey?: string;
          record?: Record<string, unknown>;
        };
        if (repo !== did) return xrpcError(403, 'InvalidRequest', 'Repo does not match the session');
        if (collection !== POST || !record) return xrpcError(400, 'InvalidRequest', 'Not a post record');
        const text = typeof record.text === 'string' ? record.text : '';
        if ([...new Intl.Segmenter().segment(text)].length > 300)
          return xrpcError(
            400,
            'InvalidRequest',
            'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes',
          );
        if (findPost(did, rkey)) return xrpcError(400, 'InvalidRequest', 'Record already exists');
        const uri = `at://${did}/${POST}/${rkey}`;
        const cid = fakeCid(JSON.stringify(record));
        posts.push({ uri, cid, rkey, repo: did, value: record, indexedAt: indexedNow() });
        return { status: 200, json: { uri, cid, validationStatus: 'valid' } };
      }),
    },
    {
      method: 'POST',
      pattern: '/xrpc/com.atproto.repo.deleteRecord',
      handle: authed(({ request }, did) => {
        const { repo, rkey } = body(request) as { repo?: string; rkey?: string };
        if (repo !== did) return xrpcError(403, 'InvalidRequest', 'Repo does not match the session');
        const index = posts.findIndex((post) => post.repo === repo && post.rkey === rkey);
        if (index >= 0) posts.splice(index, 1);
        return { status: 200, json: {} };
      }),
    },
    {
      method: 'GET',
      pattern: '/xrpc/com.atproto.repo.getRecord',
      handle: ({ request }) => {
        const post = findPost(request.query.repo ?? '', request.query.rkey ?? '');
        return post
          ? { status: 200, json: { uri: post.uri, cid: post.cid, value: post.value } }
          : xrpcError(
              400,
              'RecordNotFound',
              `Could not locate record: at://${request.query.repo}/${POST}/${request.query.rkey}`,
            );
      },
    },
    {
      method: 'GET',
      pattern: '/xrpc/com.atproto.repo.listRecords',
      handle: ({ request }) => {
        const limit = Number(request.query.limit ?? 50);
        const records = posts
          .filter((post) => post.repo === request.query.repo)
          .sort((a, b) => (a.rkey < b.rkey ? 1 : -1))
          .slice(0, limit)
          .map(({ uri, cid, value }) => ({ uri, cid, value }));
        return { status: 200, json: { records } };
      },
    },
    {
      method: 'GET',
      pattern: '/xrpc/app.bsky.notification.listNotifications',
      handle: authed(({ request }, did) => listBlueskyNotifications(request, did, { posts, accounts })),
    },
    {
      method: 'GET',
      pattern: '/xrpc/app.bsky.feed.getPostThread',
      handle: authed(({ request }) => blueskyPostThread(request, { posts, accounts })),
    },
    {
      method: 'GET',
      pattern: '/xrpc/app.bsky.feed.getPosts',
      handle: authed(({ request }) => {
        const uris = new URL(request.url, 'http://fake.local').searchParams.getAll('uris');
        const views = uris.flatMap((uri) => {
          const post = posts.find((candidate) => candidate.uri === uri);
          const author = post && accounts.get(post.repo);
          if (!post || !author) return [];
          return [
            {
              uri,
              cid: post.cid,
              author: { did: author.did, handle: author.handle },
              record: post.value,
              indexedAt: String(post.value.createdAt ?? new Date().toISOString()),
              ...(counts.get(uri) ?? { likeCount: 0, repostCount: 0, replyCount: 0, quoteCount: 0 }),
            },
          ];
        });
        return { status: 200, json: { posts: views } };
      }),
    },
  ];

  // Not Bluesky's: a control for browser tests, which run in another process. Someone (a new account with this
  // handle, made once) posts text mentioning the accounts whose handles it names.
  routes.push({
    method: 'POST',
    pattern: '/__fake/posts',
    handle: ({ request }) => {
      const { author, text, mentions = [] } = body(request) as { author?: string; text?: string; mentions?: string[] };
      if (!author || !text) return xrpcError(400, 'InvalidRequest', 'Give an author handle and a text');
      const find = (handle: string) => [...accounts.values()].find((account) => account.handle === handle);
      const poster = find(author) ?? addAccount({ handle: author });
      const named = mentions.map(find).filter((account) => account !== undefined);
      return { status: 200, json: seedPost(poster, { text, mentions: named }) };
    },
  });

  const server = await startPlatformFakeServer({
    routes,
    // A method the server does not serve, as Bluesky's XRPC servers answer it.
    notFound: () => xrpcError(501, 'MethodNotImplemented', 'Method Not Implemented'),
    errorReply: (status, retryAfterSeconds) => {
      const [error, message] = SCRIPTED[status] ?? ['InternalServerError', `Error ${status}`];
      const reply = xrpcError(status, error, message);
      // The PDS names when the window resets, in epoch seconds.
      return retryAfterSeconds === undefined
        ? reply
        : {
            ...reply,
            headers: {
              'ratelimit-limit': '5000',
              'ratelimit-remaining': '0',
              'ratelimit-reset': String(Math.floor(Date.now() / 1000) + retryAfterSeconds),
            },
          };
    },
  });

  return {
    ...server,
    posts,
    blobs,
    settings,
    setCounts: (uri, changed) =>
      void counts.set(uri, {
        ...(counts.get(uri) ?? { likeCount: 0, repostCount: 0, replyCount: 0, quoteCount: 0 }),
        ...changed,
      }),
    seedPost,
    revokeSessions: (did) => {
      for (const [token, session] of access) if (session.did === did) access.delete(token);
      for (const [token, owner] of refresh) if (owner === did) refresh.delete(token);
    },
    addAccount,
  };
};
