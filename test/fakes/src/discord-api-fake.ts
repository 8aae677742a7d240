import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedPart,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';

export type DiscordFakeWebhook = {
  id: string;
  token: string;
  /** The URL a person copies from Discord, under the fake's base URL. */
  url: string;
  name: string;
  guildId: string;
  channelId: string;
};
export type DiscordFakeAttachment = {
  id: string;
  filename: string;
  size: number;
  contentType?: string;
  description?: string;
  bytes: Buffer;
};
/** A message as its channel holds it. */
export type DiscordFakeMessage = {
  id: string;
  webhookId: string;
  channelId: string;
  content: string;
  /** As sent; Discord parses every mention when it is absent. */
  allowedMentions: unknown;
  attachments: DiscordFakeAttachment[];
  timestamp: string;
};

export const DISCORD_ROUTES = {
  webhook: 'GET /api/webhooks/:id/:token',
  execute: 'POST /api/webhooks/:id/:token',
  deleteMessage: 'DELETE /api/webhooks/:id/:token/messages/:messageId',
};

export type DiscordApiFake = {
  /** For DISCORD_API_BASE_URL: ends in /api, as https://discord.com/api does. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests of one route, e.g. DISCORD_ROUTES.execute. */
  requestsTo: (route: string) => RecordedRequest[];
  /** A channel webhook, as Server Settings → Integrations → Webhooks makes one. */
  addWebhook: (webhook?: { name?: string; guildId?: string; channelId?: string }) => DiscordFakeWebhook;
  /** The webhook is deleted in Discord: its URL stops working; the messages it sent stay. */
  deleteWebhook: (id: string) => void;
  /** What the channels hold now, oldest first (a deleted message leaves). */
  messages: DiscordFakeMessage[];
  settings: {
    /** The upload limit per file of the webhooks' server (10 MiB without boosts). */
    maxFileBytes: number;
  };
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
};

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** An id as Discord makes them: milliseconds since 2015 in the high bits, a counter in the low ones. */
export const fakeSnowflake = () => {
  increment = (increment + 1n) & 0xfffn;
  return String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment);
};

const error = (status: number, message: string, code: number, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  json: { message, code, ...extra },
});
const unknownWebhook = () => error(404, 'Unknown Webhook', 10015);
const invalidToken = () => error(401, 'Invalid Webhook Token', 50027);
const invalidFormBody = (field: string, code: string, message: string) =>
  error(400, 'Invalid Form Body', 50035, { errors: { [field]: { _errors: [{ code, message }] } } });

/** A 429 as Discord answers it: the wait in the body and in the rate-limit headers. */
const rateLimited = (retryAfterSeconds: number): FakeReply => ({
  status: 429,
  headers: {
    'retry-after': String(Math.ceil(retryAfterSeconds)),
    'x-ratelimit-limit': '5',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': (Date.now() / 1000 + retryAfterSeconds).toFixed(3),
    'x-ratelimit-reset-after': String(retryAfterSeconds),
    'x-ratelimit-bucket': 'b7e0c5a8f1d2e3c4',
    'x-ratelimit-scope': 'shared',
  },
  json: { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false },
});

const SCRIPTED: Record<number, () => FakeReply> = {
  400: () => invalidFormBody('content', 'BASE_TYPE_REQUIRED', 'This field is required'),
  401: invalidToken,
  403: () => error(403, 'Missing Permissions', 50013),
  404: unknownWebhook,
  413: () => error(413, 'Request entity too large', 40005),
};

/** The message fields of a request: its JSON body, or the `payload_json` part of a multipart one. */
const payloadOf = (request: RecordedRequest): Record<string, unknown> => {
  const part = request.parts?.find((candidate) => candidate.name === 'payload_json');
  if (part?.value) return JSON.parse(part.value) as Record<string, unknown>;
  return (request.json ?? {}) as Record<string, unknown>;
};

/** The `files[n]` parts, by n. */
const filesOf = (parts: RecordedPart[] = []) =>
  parts.flatMap((part) => {
    const index = /^files\[(\d+)\]$/.exec(part.name)?.[1];
    return index !== undefined && part.bytes ? [{ index, part, bytes: part.bytes }] : [];
  });

/**
 * Discord's channel webhooks as Agentcast uses them, on loopback: reading a webhook with its token, executing it
 * (JSON, or multipart with `payload_json` and `files[n]`; `wait=true` answers the message), and deleting its
 * messages. An unknown webhook, a wrong token and a message gone answer as Discord does.
 */
export const startDiscordApiFake = async (): Promise<DiscordApiFake> => {
  const webhooks = new Map<string, DiscordFakeWebhook>();
  const messages: DiscordFakeMessage[] = [];
  /** Webhooks whose next message is posted and then its answer lost (a browser test's drop-next-answer). */
  const answersToDrop = new Set<string>();
  const settings: DiscordApiFake['settings'] = { maxFileBytes: 10 * 1024 * 1024 };

  const withWebhook =
    (handle: (context: RouteContext, webhook: DiscordFakeWebhook) => FakeReply) => (context: RouteContext) => {
      const webhook = webhooks.get(context.params.id ?? '');
      if (!webhook) return unknownWebhook();
      if (webhook.token !== context.params.token) return invalidToken();
      return handle(context, webhook);
    };

  const messageObject = (message: DiscordFakeMessage, webhook: DiscordFakeWebhook) => ({
    id: message.id,
    type: 0,
    content: message.content,
    channel_id: message.channelId,
    author: { id: webhook.id, username: webhook.name, avatar: null, discriminator: '0000', bot: true },
    attachments: message.attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      size: attachment.size,
      url: `https://cdn.discordapp.com/attachments/${message.channelId}/${attachment.id}/${attachment.filename}`,
      proxy_url: `https://media.discordapp.net/attachments/${message.channelId}/${attachment.id}/${attachment.filename}`,
      ...(attachment.contentType && { content_type: attachment.contentType }),
      ...(attachment.description && { description: attachment.description }),
    })),
    embeds: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    timestamp: message.timestamp,
    edited_timestamp: null,
    flags: 0,
    webhook_id: webhook.id,
  });

  const execute = ({ request }: RouteContext, webhook: DiscordFakeWebhook): FakeReply => {
    const payload = payloadOf(request);
    const content = typeof payload.content === 'string' ? payload.content : '';
    const files = filesOf(request.parts);
    if ([...content].length > 2000)
      return invalidFormBody('content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
    if (files.length > 10)
      return invalidFormBody('attachments', 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
    if (files.some((file) => file.bytes.length > settings.maxFileBytes))
      return error(413, 'Request entity too large', 40005);
    if (!content && files.length === 0) return error(400, 'Cannot send an empty message', 50006);
    const described = Array.isArray(payload.attachments)
      ? (payload.attachments as { id?: unknown; filename?: unknown; description?: unknown }[])
      : [];
    const message: DiscordFakeMessage = {
      id: fakeSnowflake(),
      webhookId: webhook.id,
      channelId: webhook.channelId,
      content,
      allowedMentions: payload.allowed_mentions,
      attachments: files.map(({ index, part, bytes }) => {
        const entry = described.find((candidate) => String(candidate.id) === index);
        const filename = typeof entry?.filename === 'string' ? entry.filename : (part.filename ?? `file${index}`);
        return {
          id: fakeSnowflake(),
          filename,
          size: bytes.length,
          contentType: part.contentType,
          description: typeof entry?.description === 'string' ? entry.description : undefined,
          bytes,
        };
      }),
      timestamp: new Date().toISOString().replace('Z', '+00:00'),
    };
    messages.push(message);
    if (answersToDrop.delete(webhook.id)) return { status: 200, drop: true };
    return request.query.wait === 'true' ? { status: 200, json: messageObject(message, webhook) } : { status: 204 };
  };

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: '/api/webhooks/:id/:token',
      handle: withWebhook((_context, webhook) => ({
        status: 200,
        json: {
          id: webhook.id,
          type: 1,
          guild_id: webhook.guildId,
          channel_id: webhook.channelId,
          name: webhook.name,
          avatar: null,
          application_id: null,
          token: webhook.token,
        },
      })),
    },
    { method: 'POST', pattern: '/api/webhooks/:id/:token', handle: withWebhook(execute) },
    {
      method: 'DELETE',
      pattern: '/api/webhooks/:id/:token/messages/:messageId',
      handle: withWebhook(({ params }, webhook) => {
        const index = messages.findIndex(
          (message) => message.id === params.messageId && message.webhookId === webhook.id,
        );
        if (index < 0) return error(404, 'Unknown Message', 10008);
        messages.splice(index, 1);
        return { status: 204 };
      }),
    },
    // Not Discord's: controls for browser tests, which run in another process than this fake.
    {
      method: 'POST',
      pattern: '/__fake/webhooks/:id/drop-next-answer',
      handle: ({ params }) => (answersToDrop.add(params.id ?? ''), { status: 204 }),
    },
    {
      method: 'GET',
      pattern: '/__fake/channels/:channelId/messages',
      handle: ({ params }) => ({
        status: 200,
        json: messages
          .filter((message) => message.channelId === params.channelId)
          .map(({ id, content, attachments }) => ({ id, content, attachments: attachments.length })),
      }),
    },
  ];

  const server = await startPlatformFakeServer({
    routes,
    notFound: () => error(404, '404: Not Found', 0),
    errorReply: (status, retryAfterSeconds) => {
      if (status === 429) return rateLimited(retryAfterSeconds ?? 1);
      return SCRIPTED[status]?.() ?? error(status, `${status}: ${STATUS_CODES[status] ?? 'Error'}`, 0);
    },
  });
  const apiBaseUrl = `${server.baseUrl}/api`;

  return {
    ...server,
    baseUrl: apiBaseUrl,
    messages,
    settings,
    addWebhook: ({ name = 'Agentcast', guildId = fakeSnowflake(), channelId = fakeSnowflake() } = {}) => {
      const id = fakeSnowflake();
      const token = randomBytes(51).toString('base64url');
      const webhook = { id, token, url: `${apiBaseUrl}/webhooks/${id}/${token}`, name, guildId, channelId };
      webhooks.set(id, webhook);
      return webhook;
    },
    deleteWebhook: (id) => void webhooks.delete(id),
  };
};
