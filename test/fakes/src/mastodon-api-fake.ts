import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  countedLength,
  error,
  fieldsOf,
  invalidToken,
  nextId,
  notFound,
  rateLimited,
  SCRIPTED,
  statusControlJson,
  type MastodonFakeAccount,
  type MastodonFakeApp,
  type MastodonFakeMedia,
  type MastodonFakeSettings,
  type MastodonFakeStatus,
} from './mastodon-fake-common.ts';
import { createMastodonConversations } from './mastodon-fake-conversations.ts';
import { createMastodonOAuthRoutes } from './mastodon-fake-oauth.ts';
import {
  mastodonContentHtml,
  startMastodonAuthorizePages,
  type MastodonFakeAuthorization,
} from './mastodon-fake-pages.ts';
import { startPathRouter } from './path-router.ts';
import {
  startPlatformFakeServer,
  type FailOptions,
  type InterruptOptions,
  type FakeReply,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';

export {
  MASTODON_ROUTES,
  type MastodonFakeAccount,
  type MastodonFakeApp,
  type MastodonFakeMedia,
  type MastodonFakeSettings,
  type MastodonFakeStatus,
} from './mastodon-fake-common.ts';

export type MastodonApiFake = {
  /** The instance's origin: what a connection's `serviceUrl` holds. */
  baseUrl: string;
  requests: RecordedRequest[];
  requestsTo: (route: string) => RecordedRequest[];
  /** An account with a token of its own (as if authorized already), for adapter tests. */
  addAccount: (account?: { username?: string; displayName?: string }) => MastodonFakeAccount;
  /** The account signed in on the authorization page (the first one made, until changed). */
  signIn: (accountId: string) => void;
  apps: MastodonFakeApp[];
  /** What the instance holds now, oldest first (a deleted status leaves). */
  statuses: MastodonFakeStatus[];
  /** Another account posts; the accounts its text names are notified of a mention. */
  seedStatus: (
    author: MastodonFakeAccount,
    status: { text: string; inReplyToId?: string | null },
  ) => MastodonFakeStatus;
  media: MastodonFakeMedia[];
  /** Tokens revoked through `/oauth/revoke`. */
  revokedTokens: string[];
  settings: MastodonFakeSettings;
  /** The next status is created and its answer lost. */
  dropNextStatus: () => void;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
};

/**
 * A Mastodon instance on loopback, for adapter and browser tests: app registration and the authorization code flow
 * (the authorization page answers HTML with Authorize and Deny), the instance's limits, media uploads processed at
 * once (images) or after a few polls (videos), statuses with Idempotency-Key, replies, deletion, reading by id in a
 * batch (4.3+) or one by one, an account's recent statuses, and mentions as notifications (mastodon-fake-conversations.ts). Errors come in Mastodon's `{ "error": "…" }`.
 */
export const startMastodonApiFake = async ({
  instanceName = 'mastodon.test',
}: { instanceName?: string } = {}): Promise<MastodonApiFake> => {
  const accounts = new Map<string, MastodonFakeAccount>();
  const tokens = new Map<string, { accountId: string; clientId?: string }>();
  const apps: MastodonFakeApp[] = [];
  const codes = new Map<string, MastodonFakeAuthorization & { accountId: string }>();
  const statuses: MastodonFakeStatus[] = [];
  const media: MastodonFakeMedia[] = [];
  const revokedTokens: string[] = [];
  const idempotency = new Map<string, string>();
  const settings: MastodonFakeSettings = {
    maxCharacters: 500,
    charactersReservedPerUrl: 23,
    maxMediaAttachments: 4,
    imageSizeLimit: 16 * 1024 * 1024,
    videoSizeLimit: 99 * 1024 * 1024,
    supportedMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime'],
    videoProcessingPolls: 2,
    failVideoProcessing: false,
    batchStatuses: true,
  };
  const conversations = createMastodonConversations({ accounts, statuses });
  let statusAnswersToDrop = 0;
  let signedIn: string | undefined;
  let origin = '';

  const addAccount = ({
    username = `agent${accounts.size + 1}`,
    displayName = username,
  }: { username?: string; displayName?: string } = {}): MastodonFakeAccount => {
    const account = { id: nextId(), username, displayName, token: randomBytes(24).toString('base64url') };
    accounts.set(account.id, account);
    tokens.set(account.token, { accountId: account.id });
    signedIn ??= account.id;
    return account;
  };

  const withAccount =
    (handle: (context: RouteContext, account: MastodonFakeAccount) => FakeReply | Promise<FakeReply>) =>
    (context: RouteContext) => {
      const bearer = /^Bearer (.+)$/.exec(String(context.request.headers.authorization ?? ''))?.[1];
      const account = accounts.get(tokens.get(bearer ?? '')?.accountId ?? '');
      return account ? handle(context, account) : invalidToken();
    };

  const accountJson = (account: MastodonFakeAccount) => ({
    id: account.id,
    username: account.username,
    acct: account.username,
    display_name: account.displayName,
    url: `${origin}/@${account.username}`,
    bot: true,
  });
  const mediaJson = (medium: MastodonFakeMedia) => {
    const processed = medium.pollsLeft <= 0;
    const file = `${origin}/system/media_attachments/files/${medium.id}`;
    return {
      id: medium.id,
      type: medium.kind === 'video' ? 'video' : 'image',
      url: processed ? `${file}/original/${medium.filename ?? 'file'}` : null,
      preview_url: `${file}/small/preview.png`,
      description: medium.description ?? null,
    };
  };
  const statusJson = (status: MastodonFakeStatus) => {
    const account = accounts.get(status.accountId);
    return {
      id: status.id,
      created_at: status.createdAt.toISOString(),
      in_reply_to_id: status.inReplyToId,
      visibility: status.visibility,
      uri: `${origin}/users/${account?.username}/statuses/${status.id}`,
      url: `${origin}/@${account?.username}/${status.id}`,
      content: status.content,
      replies_count: status.counts.replies,
      reblogs_count: status.counts.reblogs,
      favourites_count: status.counts.favourites,
      reblog: null,
      account: account && accountJson(account),
      media_attachments: status.media.map(mediaJson),
    };
  };

  const upload = ({ request }: RouteContext, account: MastodonFakeAccount): FakeReply => {
    const file = request.parts?.find((part) => part.name === 'file' && part.bytes);
    if (!file?.bytes) return error(422, "Validation failed: File can't be blank");
    const type = file.contentType ?? '';
    if (!settings.supportedMimeTypes.includes(type))
      return error(422, 'Validation failed: File content type is invalid, File is invalid');
    const kind = type.startsWith('video/') ? 'video' : 'image';
    const limit = kind === 'video' ? settings.videoSizeLimit : settings.imageSizeLimit;
    if (file.bytes.length > limit)
      return error(422, `Validation failed: File file size must be less than ${Math.round(limit / 1048576)} MB`);
    const description = request.parts?.find((part) => part.name === 'description')?.value;
    const medium: MastodonFakeMedia = {
      id: nextId(),
      accountId: account.id,
      kind,
      contentType: type,
      filename: file.filename,
      ...(description !== undefined && { description }),
      bytes: file.bytes,
      pollsLeft: kind === 'video' ? settings.videoProcessingPolls : 0,
    };
    if (kind === 'video' && settings.failVideoProcessing) {
      settings.failVideoProcessing = false;
      medium.pollsLeft = Number.POSITIVE_INFINITY;
    }
    media.push(medium);
    return { status: kind === 'video' ? 202 : 200, json: mediaJson(medium) };
  };

  const readMedium = ({ params }: RouteContext, account: MastodonFakeAccount): FakeReply => {
    const medium = media.find((each) => each.id === params.id && each.accountId === account.id && !each.statusId);
    if (!medium) return notFound();
    if (medium.pollsLeft === Number.POSITIVE_INFINITY)
      return error(422, 'Error processing thumbnail for uploaded media');
    if (medium.pollsLeft > 0) {
      medium.pollsLeft -= 1;
      return { status: 206, json: mediaJson({ ...medium, pollsLeft: 1 }) };
    }
    return { status: 200, json: mediaJson(medium) };
  };

  const postStatus = ({ request }: RouteContext, account: MastodonFakeAccount): FakeReply => {
    const fields = fieldsOf(request);
    const key = request.headers['idempotency-key'];
    const repeated = typeof key === 'string' ? idempotency.get(`${account.id}:${key}`) : undefined;
    const earlier = statuses.find((status) => status.id === repeated);
    if (earlier) return { status: 200, json: statusJson(earlier) };
    const text = typeof fields.status === 'string' ? fields.status : '';
    const mediaIds = Array.isArray(fields.media_ids) ? fields.media_ids.map(String) : [];
    const inReplyToId = typeof fields.in_reply_to_id === 'string' ? fields.in_reply_to_id : null;
    if (inReplyToId && !statuses.some((status) => status.id === inReplyToId))
      return error(404, 'The post you are trying to reply to does not appear to exist.');
    if (!text.trim() && mediaIds.length === 0) return error(422, "Validation failed: Text can't be blank");
    if (countedLength(text, settings.charactersReservedPerUrl) > settings.maxCharacters)
      return error(422, `Validation failed: Text character limit of ${settings.maxCharacters} exceeded`);
    if (mediaIds.length > settings.maxMediaAttachments)
      return error(422, `Validation failed: Media attachments limited to ${settings.maxMediaAttachments}`);
    const attached = mediaIds.map((id) => media.find((medium) => medium.id === id && medium.accountId === account.id));
    if (attached.some((medium) => !medium || medium.statusId)) return notFound();
    if (attached.some((medium) => (medium?.pollsLeft ?? 0) > 0))
      return error(422, 'Cannot attach files that have not finished processing. Try again in a moment!');
    const status: MastodonFakeStatus = {
      id: nextId(),
      accountId: account.id,
      text,
      content: mastodonContentHtml(text),
      visibility: typeof fields.visibility === 'string' ? fields.visibility : 'public',
      inReplyToId,
      media: attached.filter((medium) => medium !== undefined),
      ...(typeof key === 'string' && { idempotencyKey: key }),
      createdAt: new Date(),
      counts: { favourites: 0, reblogs: 0, replies: 0 },
    };
    for (const medium of status.media) medium.statusId = status.id;
    statuses.push(status);
    conversations.notifyMentions(status);
    if (typeof key === 'string') idempotency.set(`${account.id}:${key}`, status.id);
    if (statusAnswersToDrop > 0) {
      statusAnswersToDrop -= 1;
      return { status: 200, drop: true };
    }
    return { status: 200, json: statusJson(status) };
  };

  const routes: Route[] = [
    ...createMastodonOAuthRoutes({ apps, codes, tokens, revokedTokens, accounts, accountJson }),
    {
      method: 'GET',
      pattern: '/api/v2/instance',
      handle: () => ({
        status: 200,
        json: {
          domain: instanceName,
          title: instanceName,
          version: '4.4.0',
          configuration: {
            statuses: {
              max_characters: settings.maxCharacters,
              max_media_attachments: settings.maxMediaAttachments,
              characters_reserved_per_url: settings.charactersReservedPerUrl,
            },
            media_attachments: {
              supported_mime_types: settings.supportedMimeTypes,
              description_limit: 1500,
              image_size_limit: settings.imageSizeLimit,
              video_size_limit: settings.videoSizeLimit,
            },
          },
        },
      }),
    },
    { method: 'POST', pattern: '/api/v2/media', handle: withAccount(upload) },
    { method: 'GET', pattern: '/api/v1/media/:id', handle: withAccount(readMedium) },
    { method: 'POST', pattern: '/api/v1/statuses', handle: withAccount(postStatus) },
    {
      method: 'GET',
      pattern: '/api/v1/notifications',
      handle: withAccount((context, account) =>
        conversations.listNotifications(context, account, statusJson, accountJson),
      ),
    },
    {
      method: 'GET',
      pattern: '/api/v1/statuses',
      handle: withAccount(({ request }) => {
        if (!settings.batchStatuses) return notFound();
        const ids = [...new Set(new URL(request.url, 'http://fake').searchParams.getAll('id[]'))];
        if (ids.length > 20) return error(422, 'Validation failed');
        return { status: 200, json: statuses.filter((status) => ids.includes(status.id)).map(statusJson) };
      }),
    },
    {
      method: 'GET',
      pattern: '/api/v1/statuses/:id/context',
      handle: withAccount(({ params }) => conversations.context(params.id ?? '', statusJson)),
    },
    {
      method: 'GET',
      pattern: '/api/v1/statuses/:id',
      handle: withAccount(({ params }) => {
        const status = statuses.find((each) => each.id === params.id);
        return status ? { status: 200, json: statusJson(status) } : notFound();
      }),
    },
    {
      method: 'DELETE',
      pattern: '/api/v1/statuses/:id',
      handle: withAccount(({ params }, account) => {
        const index = statuses.findIndex((status) => status.id === params.id && status.accountId === account.id);
        const [status] = index < 0 ? [] : statuses.splice(index, 1);
        return status ? { status: 200, json: { ...statusJson(status), text: status.text } } : notFound();
      }),
    },
    {
      method: 'GET',
      pattern: '/api/v1/accounts/:id/statuses',
      handle: withAccount(({ params, request }) => {
        if (!accounts.has(params.id ?? '')) return notFound();
        const limit = Math.min(Number(request.query.limit ?? 20) || 20, 40);
        const own = statuses.filter((status) => status.accountId === params.id);
        return { status: 200, json: own.reverse().slice(0, limit).map(statusJson) };
      }),
    },
    // Not Mastodon's: controls for browser tests, which run in another process than this fake.
    {
      method: 'GET',
      pattern: '/__fake/statuses',
      handle: () => ({ status: 200, json: statuses.map(statusControlJson) }),
    },
    {
      method: 'POST',
      pattern: '/__fake/drop-next-status',
      handle: () => ((statusAnswersToDrop += 1), { status: 204 }),
    },
    { method: 'GET', pattern: '/__fake/apps', handle: () => ({ status: 200, json: apps }) },
    {
      method: 'POST',
      pattern: '/__fake/accounts',
      handle: ({ request }) => {
        const fields = fieldsOf(request) as { username?: string; displayName?: string };
        return { status: 200, json: addAccount({ username: fields.username, displayName: fields.displayName }) };
      },
    },
  ];

  const server = await startPlatformFakeServer({
    routes,
    notFound: () => notFound(),
    errorReply: (status, retryAfterSeconds) => {
      if (status === 429) return rateLimited(retryAfterSeconds ?? 60);
      return SCRIPTED[status]?.() ?? error(status, STATUS_CODES[status] ?? 'Error');
    },
  });
  const pages = await startMastodonAuthorizePages({
    instanceName,
    signedIn: () => accounts.get(signedIn ?? '')?.username ?? addAccount().username,
    check: ({ clientId, redirectUri }) => {
      const app = apps.find((each) => each.clientId === clientId);
      if (!app) return 'Client authentication failed due to unknown client.';
      return app.redirectUris.includes(redirectUri) ? null : 'The redirect uri included is not valid.';
    },
    issueCode: (authorization) => {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...authorization, accountId: signedIn ?? addAccount().id });
      return code;
    },
  });
  const router = await startPathRouter([{ prefixes: ['/oauth/authorize'], target: pages.baseUrl }], server.baseUrl);
  origin = router.baseUrl;

  return {
    ...server,
    baseUrl: router.baseUrl,
    addAccount,
    signIn: (accountId) => void (signedIn = accountId),
    apps,
    statuses,
    seedStatus: conversations.seedStatus,
    media,
    revokedTokens,
    settings,
    dropNextStatus: () => void (statusAnswersToDrop += 1),
    close: async () => {
      await router.close();
      await pages.close();
      await server.close();
    },
  };
};
