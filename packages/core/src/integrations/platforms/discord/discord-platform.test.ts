import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DISCORD_ROUTES,
  startDiscordApiFake,
  type DiscordApiFake,
  type DiscordFakeWebhook,
} from '@agentcast/test-fakes/discord-api-fake';
import { type PlatformCredentials, type PostMedia } from '../common/platform.ts';
import { DISCORD_WEBHOOK_GONE } from './discord-platform-error.ts';
import { chooseDiscordFiles, createDiscordPlatform, DISCORD_MAX_FILE_BYTES } from './discord-platform.ts';
import { checkDiscordWebhook } from './discord-webhook-check.ts';
import { parseDiscordWebhookUrl } from './discord-webhook-url.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: DiscordApiFake;
let webhook: DiscordFakeWebhook;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startDiscordApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  webhook = fake.addWebhook({ name: 'Launch news', guildId: '1100000000000000001', channelId: '1200000000000000002' });
  credentials = { accessToken: webhook.token, accountId: webhook.id };
});

const discord = (timeoutMs = 2000) => createDiscordPlatform({ baseUrl: fake.baseUrl, timeoutMs });
/** Bytes that stand for a file: the fake keeps whatever it is sent. */
const bytesOf = (label: string, length = 64) => Buffer.alloc(length, label);
const image = (label: string, altText?: string): PostMedia => ({
  kind: 'image',
  bytes: bytesOf(label),
  contentType: 'image/png',
  ...(altText && { altText }),
});
const video = (label: string): PostMedia => ({ kind: 'video', bytes: bytesOf(label, 256), contentType: 'video/mp4' });
const lastExecute = () => fake.requestsTo(DISCORD_ROUTES.execute).at(-1);
const messagesOf = (id: string) => fake.messages.filter((message) => message.webhookId === id);

describe('publishing to a Discord channel', () => {
  it('reads the webhook, then sends the text as JSON with mentions that ping nobody, and links to the message', async () => {
    const text = 'Launch day @everyone — thanks <@&1234567890123> and <@98765432109876> https://example.com/launch';
    const post = await discord().publish(credentials, { text });

    const [message] = messagesOf(webhook.id);
    expect(post).toEqual({
      postId: message?.id,
      url: `https://discord.com/channels/1100000000000000001/1200000000000000002/${message?.id}`,
    });
    expect(message).toMatchObject({ content: text, allowedMentions: { parse: [] }, attachments: [] });
    const sent = lastExecute();
    expect(sent?.query).toEqual({ wait: 'true' });
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.json).toEqual({ content: text, allowed_mentions: { parse: [] } });
    // The webhook is read before anything is sent.
    const order = fake.requests.filter((request) => request.path.includes(webhook.id)).map((request) => request.route);
    expect(order).toEqual([DISCORD_ROUTES.webhook, DISCORD_ROUTES.execute]);
  });

  it('sends images and a video as multipart files, alt text as each attachment’s description', async () => {
    const media = [image('meme', 'A cat at a keyboard'), image('graphic'), video('clip')];
    const post = await discord().publish(credentials, { text: 'With media', media });

    const sent = lastExecute();
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.parts?.map((part) => [part.name, part.filename, part.contentType])).toEqual([
      ['payload_json', undefined, undefined],
      ['files[0]', 'image-1.png', 'image/png'],
      ['files[1]', 'image-2.png', 'image/png'],
      ['files[2]', 'video-3.mp4', 'video/mp4'],
    ]);
    expect(JSON.parse(sent?.parts?.[0]?.value ?? '')).toEqual({
      content: 'With media',
      allowed_mentions: { parse: [] },
      attachments: [
        { id: 0, filename: 'image-1.png', description: 'A cat at a keyboard' },
        { id: 1, filename: 'image-2.png' },
        { id: 2, filename: 'video-3.mp4' },
      ],
    });
    const [message] = messagesOf(webhook.id);
    expect(message?.id).toBe(post.postId);
    expect(
      message?.attachments.map(({ filename, contentType, description }) => ({ filename, contentType, description })),
    ).toEqual([
      { filename: 'image-1.png', contentType: 'image/png', description: 'A cat at a keyboard' },
      { filename: 'image-2.png', contentType: 'image/png', description: undefined },
      { filename: 'video-3.mp4', contentType: 'video/mp4', description: undefined },
    ]);
    expect(message?.attachments.map((attachment, index) => attachment.bytes.equals(media[index]!.bytes))).toEqual([
      true,
      true,
      true,
    ]);
    expect(post.notes).toBeUndefined();
  });

  it('sends ten files at most and notes the rest', async () => {
    const media = Array.from({ length: 12 }, (_unused, index) => image(`i${index}`));
    const post = await discord().publish(credentials, { text: 'Twelve images', media });
    const [message] = messagesOf(webhook.id);
    expect(message?.attachments.map((attachment, index) => attachment.bytes.equals(bytesOf(`i${index}`)))).toEqual(
      Array.from({ length: 10 }, () => true),
    );
    expect(post.notes).toEqual(['Discord carries up to 10 files per message: 2 were left out.']);
  });

  it('leaves out a file over the webhook upload limit, saying so, and sends the rest', async () => {
    const large: PostMedia = { kind: 'video', bytes: Buffer.alloc(12.5 * 1024 * 1024), contentType: 'video/mp4' };
    const post = await discord().publish(credentials, { text: 'Too big', media: [image('small'), large] });
    expect(post.notes).toEqual(['Discord takes files up to 8 MB from a webhook: the video of 12.5 MB was left out.']);
    expect(lastExecute()?.bodyBytes).toBeLessThan(10_000);
    expect(messagesOf(webhook.id)[0]?.attachments.map((attachment) => attachment.filename)).toEqual(['image-1.png']);
  });

  it('keeps the files of one message within the 25 MB Discord takes in one request', () => {
    const sevenMegabytes = (label: string): PostMedia => ({
      kind: 'image',
      bytes: Buffer.alloc(7 * 1024 * 1024, label),
      contentType: 'image/png',
    });
    const media = [sevenMegabytes('a'), sevenMegabytes('b'), sevenMegabytes('c'), sevenMegabytes('d'), image('small')];
    const { files, notes } = chooseDiscordFiles(media);
    expect(files).toEqual([media[0], media[1], media[2], media[4]]);
    expect(notes).toEqual(['Discord takes up to 25 MB of files in one message: the image of 7 MB was left out.']);
    expect(DISCORD_MAX_FILE_BYTES).toBe(8 * 1024 * 1024);
  });
});

describe('when Discord refuses or does not answer', () => {
  it('a deleted webhook asks to connect Discord again, before anything is sent', async () => {
    fake.deleteWebhook(webhook.id);
    const error = await failure(discord().publish(credentials, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 404 });
    expect(error.message).toBe(DISCORD_WEBHOOK_GONE);
    expect(error.message).toContain('Connect Discord again with a new webhook URL');
    expect(fake.requestsTo(DISCORD_ROUTES.execute).some((request) => request.path.includes(webhook.id))).toBe(false);

    const reset = await failure(discord().publish({ ...credentials, accessToken: 'an-old-token' }, { text: 'Hi' }));
    expect(reset).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
  });

  it('a rate limit is transient until Discord’s retry_after, or its X-RateLimit-Reset-After header', async () => {
    fake.failNext(DISCORD_ROUTES.execute, { status: 429, retryAfterSeconds: 2.5 });
    const before = Date.now();
    const limited = await failure(discord().publish(credentials, { text: 'Hello' }));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(limited.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 2500);
    expect(limited.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2500);

    fake.failNext(DISCORD_ROUTES.execute, {
      status: 429,
      retryAfterSeconds: 40,
      body: { message: 'You are being rate limited.', global: false },
    });
    const byHeader = await failure(discord().publish(credentials, { text: 'Hello' }));
    expect(byHeader.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 40_000);
    expect(byHeader.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 40_000);
  });

  it('a failure on Discord’s side is transient; a text Discord refuses is rejected in Discord’s words', async () => {
    fake.failNext(DISCORD_ROUTES.execute, { status: 500 });
    await expect(failure(discord().publish(credentials, { text: 'Hello' }))).resolves.toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 500,
      message: 'Discord failed on its side (500: Internal Server Error).',
    });

    const long = await failure(discord().publish(credentials, { text: 'x'.repeat(2001) }));
    expect(long).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 400 });
    expect(long.message).toBe(
      'Discord rejected the message (400: Invalid Form Body — content: Must be 2000 or fewer in length).',
    );
    expect(messagesOf(webhook.id)).toEqual([]);
  });

  it('a missing permission is forbidden; files Discord finds too large are rejected', async () => {
    fake.failNext(DISCORD_ROUTES.execute, { status: 403 });
    const forbidden = await failure(discord().publish(credentials, { text: 'Hello' }));
    expect(forbidden).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    expect(forbidden.message).toContain('Discord refused the message (403: Missing Permissions)');

    fake.settings.maxFileBytes = 32;
    try {
      const large = await failure(discord().publish(credentials, { text: 'Big', media: [image('big')] }));
      expect(large).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 413 });
      expect(large.message).toBe('Discord refused the message because its files are too large for this channel (413).');
    } finally {
      fake.settings.maxFileBytes = 10 * 1024 * 1024;
    }
  });

  it('a lost answer to the message is unknown: it may have been published', async () => {
    fake.dropNext(DISCORD_ROUTES.execute, { afterAccept: true });
    const error = await failure(discord().publish(credentials, { text: 'Maybe sent' }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });
    expect(messagesOf(webhook.id).map((message) => message.content)).toEqual(['Maybe sent']);
    expect(error.message).not.toContain(webhook.token);
  });

  it('a lost answer to the webhook’s reading is transient: nothing was sent', async () => {
    fake.dropNext(DISCORD_ROUTES.webhook);
    const error = await failure(discord().publish(credentials, { text: 'Not sent' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'connection_lost' });
    expect(messagesOf(webhook.id)).toEqual([]);

    fake.hangNext(DISCORD_ROUTES.webhook);
    const waited = await failure(discord(200).publish(credentials, { text: 'Not sent' }));
    expect(waited).toMatchObject({
      kind: 'transient',
      reason: 'timeout',
      message: 'Discord did not answer within 0.2 s.',
    });
  });

  it('never names the webhook’s token in a message', async () => {
    fake.failNext(DISCORD_ROUTES.webhook, { status: 502 });
    const errors = [await failure(discord().publish(credentials, { text: 'Hello' }))];
    errors.push(await failure(discord().publish(credentials, { text: 'x'.repeat(2001) })));
    fake.dropNext(DISCORD_ROUTES.deleteMessage);
    errors.push(await failure(discord().deletePost(credentials, '1300000000000000003')));
    for (const error of errors) expect(`${error.message} ${String(error.cause)}`).not.toContain(webhook.token);
  });
});

describe('deleting a message', () => {
  it('deletes the webhook’s message; again, or one already gone, resolves', async () => {
    const post = await discord().publish(credentials, { text: 'Delete me' });
    await discord().deletePost(credentials, post.postId);
    expect(messagesOf(webhook.id)).toEqual([]);
    const [request] = fake.requestsTo(DISCORD_ROUTES.deleteMessage).slice(-1);
    expect(request?.path).toBe(`/api/webhooks/${webhook.id}/${webhook.token}/messages/${post.postId}`);
    await discord().deletePost(credentials, post.postId);
  });

  it('refuses an id that is not a Discord message’s, without asking Discord', async () => {
    const before = fake.requests.length;
    const error = await failure(discord().deletePost(credentials, 'at://not-a-message'));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(error.message).toBe('Discord cannot delete "at://not-a-message": it is not the id of a Discord message.');
    expect(fake.requests.length).toBe(before);
  });

  it('a deleted webhook is not a deleted message: it asks to connect Discord again', async () => {
    const post = await discord().publish(credentials, { text: 'Stays' });
    fake.deleteWebhook(webhook.id);
    const error = await failure(discord().deletePost(credentials, post.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', message: DISCORD_WEBHOOK_GONE });
    expect(messagesOf(webhook.id).map((message) => message.content)).toEqual(['Stays']);
  });
});

describe('reading a webhook URL', () => {
  const REAL = 'https://discord.com/api';
  const id = '1234567890123456789';
  const token = 'aBc-123_xYz';

  it.each([
    `https://discord.com/api/webhooks/${id}/${token}`,
    `https://discordapp.com/api/webhooks/${id}/${token}`,
    `https://ptb.discord.com/api/webhooks/${id}/${token}`,
    `https://canary.discord.com/api/webhooks/${id}/${token}`,
    `https://discord.com/api/v10/webhooks/${id}/${token}`,
    `https://discord.com/api/webhooks/${id}/${token}/`,
    `  https://discord.com/api/webhooks/${id}/${token}?wait=true  `,
  ])('takes %s', (url) => {
    expect(parseDiscordWebhookUrl(url, REAL)).toEqual({ id, token });
  });

  it.each([
    `https://discord.evil.example.com/api/webhooks/${id}/${token}`,
    `https://discord.com.example.com/api/webhooks/${id}/${token}`,
    'https://discord.com/channels/1100000000000000001/1200000000000000002',
    `https://discord.com/api/webhooks/${id}`,
    `https://discord.com/api/webhooks/not-a-number/${token}`,
    `https://discord.com/api/webhooks/${id}/${token}/messages/1`,
    `http://discord.com/api/webhooks/${id}/${token}`,
    `https://discord.com:8443/api/webhooks/${id}/${token}`,
    `https://someone@discord.com/api/webhooks/${id}/${token}`,
    'not a url',
  ])('refuses %s', (url) => {
    expect(parseDiscordWebhookUrl(url, REAL)).toBeNull();
  });

  it('takes only the configured API when it is not Discord’s own', () => {
    const base = 'http://127.0.0.1:4567/api';
    expect(parseDiscordWebhookUrl(`http://127.0.0.1:4567/api/webhooks/${id}/${token}`, base)).toEqual({ id, token });
    expect(parseDiscordWebhookUrl(`http://127.0.0.1:4567/api/v10/webhooks/${id}/${token}`, base)).toEqual({
      id,
      token,
    });
    expect(parseDiscordWebhookUrl(`https://discord.com/api/webhooks/${id}/${token}`, base)).toBeNull();
    expect(parseDiscordWebhookUrl(`http://127.0.0.1:4568/api/webhooks/${id}/${token}`, base)).toBeNull();
    expect(parseDiscordWebhookUrl(`http://127.0.0.1:4567/webhooks/${id}/${token}`, base)).toBeNull();
  });
});

describe('checking a webhook when a person connects Discord', () => {
  const check = (webhookUrl: string) => checkDiscordWebhook({ apiBaseUrl: fake.baseUrl, webhookUrl, timeoutMs: 2000 });

  it('answers the webhook, its name, channel and server', async () => {
    await expect(check(webhook.url)).resolves.toEqual({
      webhookId: webhook.id,
      token: webhook.token,
      name: 'Launch news',
      channelId: '1200000000000000002',
      guildId: '1100000000000000001',
    });
  });

  it('says what to paste when the text is not a webhook URL, without asking Discord', async () => {
    const before = fake.requests.length;
    const error = await failure(check('https://discord.com/channels/1100000000000000001/1200000000000000002'));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(error.message).toMatch(/^This is not a Discord webhook URL/);
    expect(error.message).toContain('Server Settings → Integrations → Webhooks');
    expect(fake.requests.length).toBe(before);
  });

  it('says to copy the URL again when Discord does not know the webhook', async () => {
    fake.deleteWebhook(webhook.id);
    const error = await failure(check(webhook.url));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 404 });
    expect(error.message).toMatch(/^Discord does not know this webhook: it was deleted, or its URL was changed\./);
    expect(error.message).toContain('Copy Webhook URL');
    expect(error.message).not.toContain(webhook.token);
  });
});
