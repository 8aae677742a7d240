import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startTelegramApiFake,
  telegramError,
  TELEGRAM_ROUTES,
  type TelegramApiFake,
  type TelegramFakeBot,
  type TelegramFakeChat,
} from '@agentcast/test-fakes/telegram-api-fake';
import { type PlatformCredentials, type PostMedia } from '../common/platform.ts';
import { checkTelegramBot } from './telegram-bot-check.ts';
import {
  TELEGRAM_CHAT_NOT_FOUND,
  TELEGRAM_GROUP_UPGRADED,
  TELEGRAM_TOKEN_REFUSED,
  TELEGRAM_TOO_OLD_TO_DELETE,
} from './telegram-platform-error.ts';
import { createTelegramPlatform } from './telegram-platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: TelegramApiFake;
let bot: TelegramFakeBot;
let channel: TelegramFakeChat;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startTelegramApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  bot = fake.addBot({ username: 'news_bot' });
  channel = fake.addChat({ type: 'channel', title: 'Launch news', username: 'launch_news' });
  fake.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: true });
  credentials = { accessToken: bot.token, accountId: channel.id };
});

const telegram = (timeoutMs = 2000) => createTelegramPlatform({ baseUrl: fake.baseUrl, timeoutMs });
/** Bytes that stand for a file: the fake keeps whatever it is sent. */
const bytesOf = (label: string, length = 64) => Buffer.alloc(length, label);
const image = (label: string): PostMedia => ({ kind: 'image', bytes: bytesOf(label), contentType: 'image/png' });
const video = (label: string): PostMedia => ({ kind: 'video', bytes: bytesOf(label, 256), contentType: 'video/mp4' });
const lastTo = (method: keyof typeof TELEGRAM_ROUTES) => fake.requestsTo(TELEGRAM_ROUTES[method]).at(-1);
const messagesIn = (chatId: string) => fake.messages.filter((message) => message.chatId === chatId);
const partsOf = (method: keyof typeof TELEGRAM_ROUTES) =>
  lastTo(method)?.parts?.map(({ name, value, filename, contentType }) => ({ name, value, filename, contentType }));

describe('publishing to a Telegram channel', () => {
  it('sends a text as HTML with its markup characters escaped, and links to it by the channel’s name', async () => {
    const text = 'Fish & chips <b>not bold</b> -> 3 > 2';
    const post = await telegram().publish(credentials, { text });

    expect(post).toEqual({ postId: `${channel.id}:1`, url: 'https://t.me/launch_news/1' });
    const sent = lastTo('sendMessage');
    expect(sent?.path).toBe(`/bot${bot.token}/sendMessage`);
    expect(sent?.json).toEqual({
      chat_id: channel.id,
      text: 'Fish &amp; chips &lt;b&gt;not bold&lt;/b&gt; -&gt; 3 &gt; 2',
      parse_mode: 'HTML',
    });
    expect(messagesIn(channel.id)).toMatchObject([{ messageId: 1, text, parseMode: 'HTML' }]);
  });

  it('uploads one image with the text as its caption, the exact bytes as multipart', async () => {
    const photo = image('meme');
    const textsBefore = fake.requestsTo(TELEGRAM_ROUTES.sendMessage).length;
    const post = await telegram().publish(credentials, { text: 'Tom & Jerry', media: [photo] });

    expect(post).toEqual({ postId: `${channel.id}:1`, url: 'https://t.me/launch_news/1' });
    expect(lastTo('sendPhoto')?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(partsOf('sendPhoto')).toEqual([
      { name: 'chat_id', value: channel.id, filename: undefined, contentType: undefined },
      { name: 'caption', value: 'Tom &amp; Jerry', filename: undefined, contentType: undefined },
      { name: 'parse_mode', value: 'HTML', filename: undefined, contentType: undefined },
      { name: 'photo', value: undefined, filename: 'image-1.png', contentType: 'image/png' },
    ]);
    const [message] = messagesIn(channel.id);
    expect(message?.caption).toBe('Tom & Jerry');
    expect(message?.media?.bytes.equals(photo.bytes)).toBe(true);
    expect(fake.requestsTo(TELEGRAM_ROUTES.sendMessage).length).toBe(textsBefore);
  });

  it('uploads one video for streaming', async () => {
    const clip = video('clip');
    await telegram().publish(credentials, { text: 'Watch', media: [clip] });
    expect(partsOf('sendVideo')?.map((part) => [part.name, part.value ?? part.filename])).toEqual([
      ['chat_id', channel.id],
      ['caption', 'Watch'],
      ['parse_mode', 'HTML'],
      ['supports_streaming', 'true'],
      ['video', 'video-1.mp4'],
    ]);
    expect(messagesIn(channel.id)[0]?.media).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    expect(messagesIn(channel.id)[0]?.media?.bytes.equals(clip.bytes)).toBe(true);
  });

  it('sends several media as an album, the caption on its first item; the post id lists every message', async () => {
    const media = [image('one'), image('two'), video('three')];
    const post = await telegram().publish(credentials, { text: 'Album', media });

    expect(post).toEqual({ postId: `${channel.id}:1,2,3`, url: 'https://t.me/launch_news/1' });
    const parts = lastTo('sendMediaGroup')?.parts ?? [];
    expect(parts.map((part) => part.name)).toEqual(['chat_id', 'media', 'file0', 'file1', 'file2']);
    expect(JSON.parse(parts[1]?.value ?? '')).toEqual([
      { type: 'photo', media: 'attach://file0', caption: 'Album', parse_mode: 'HTML' },
      { type: 'photo', media: 'attach://file1' },
      { type: 'video', media: 'attach://file2', supports_streaming: true },
    ]);
    const held = messagesIn(channel.id);
    expect(held.map((message) => message.media?.bytes.equals(media[message.messageId - 1]!.bytes))).toEqual([
      true,
      true,
      true,
    ]);
    expect(held.map((message) => message.caption)).toEqual(['Album', undefined, undefined]);
    expect(new Set(held.map((message) => message.mediaGroupId)).size).toBe(1);
  });

  it('sends ten media at most and notes the rest; leaves out an image over 10 MB', async () => {
    const media = Array.from({ length: 12 }, (_unused, index) => image(`i${index}`));
    const post = await telegram().publish(credentials, { text: 'Twelve', media });
    expect(lastTo('sendMediaGroup')?.parts?.filter((part) => part.bytes).length).toBe(10);
    expect(post.notes).toEqual(['Telegram carries up to 10 images and videos per post: 2 were left out.']);

    const large: PostMedia = { kind: 'image', bytes: Buffer.alloc(10.5 * 1024 * 1024), contentType: 'image/png' };
    const alone = await telegram().publish(credentials, { text: 'Too big', media: [large] });
    expect(alone.notes).toEqual(['Telegram takes images up to 10 MB from a bot: the image of 10.5 MB was left out.']);
    expect(lastTo('sendMessage')?.json).toMatchObject({ text: 'Too big' });
  });

  it('sends a text too long for a caption first, then its media as a reply to it', async () => {
    const text = `${'Long story. '.repeat(100)}The end.`;
    const post = await telegram().publish(credentials, { text, media: [image('a')] });

    expect(post).toEqual({ postId: `${channel.id}:1,2`, url: 'https://t.me/launch_news/1' });
    expect(partsOf('sendPhoto')?.map((part) => [part.name, part.value ?? part.filename])).toEqual([
      ['chat_id', channel.id],
      ['reply_parameters', '{"message_id":1}'],
      ['photo', 'image-1.png'],
    ]);
    expect(messagesIn(channel.id).map(({ text: shown, replyTo }) => ({ shown, replyTo }))).toEqual([
      { shown: text, replyTo: undefined },
      { shown: undefined, replyTo: 1 },
    ]);
  });

  it('keeps the long text published when its media then fail, saying why in a note', async () => {
    fake.failNext(TELEGRAM_ROUTES.sendPhoto, { status: 500 });
    const post = await telegram().publish(credentials, { text: 'x'.repeat(1500), media: [image('a')] });
    expect(post.postId).toBe(`${channel.id}:1`);
    expect(post.notes).toEqual([
      'The text was posted, but its image could not be attached: Telegram failed on its side (500: Internal Server Error).',
    ]);
  });

  it('replies to the last message of an earlier post; refuses an id that names no message without asking', async () => {
    const album = await telegram().publish(credentials, { text: 'First', media: [image('a'), image('b')] });
    const reply = await telegram().publish(credentials, { text: 'Answer', replyToPostId: album.postId });
    expect(lastTo('sendMessage')?.json).toEqual({
      chat_id: channel.id,
      text: 'Answer',
      parse_mode: 'HTML',
      reply_parameters: { message_id: 2 },
    });
    expect(reply.postId).toBe(`${channel.id}:3`);
    expect(messagesIn(channel.id).at(-1)?.replyTo).toBe(2);

    const before = fake.requests.length;
    const error = await failure(telegram().publish(credentials, { text: 'No', replyToPostId: 'not-a-message' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(fake.requests.length).toBe(before);
  });

  it('links to a private supergroup’s message by its id, and to a basic group in Telegram Web', async () => {
    const supergroup = fake.addChat({ type: 'supergroup', title: 'Insiders', id: '-1001234567890' });
    fake.setMember(supergroup.id, bot.id, { status: 'member' });
    const inSupergroup = await telegram().publish({ ...credentials, accountId: supergroup.id }, { text: 'Hi' });
    expect(inSupergroup).toEqual({ postId: '-1001234567890:1', url: 'https://t.me/c/1234567890/1' });

    const group = fake.addChat({ type: 'group', title: 'Team', id: '-412345678' });
    fake.setMember(group.id, bot.id, { status: 'administrator' });
    const inGroup = await telegram().publish({ ...credentials, accountId: group.id }, { text: 'Hi' });
    expect(inGroup).toEqual({ postId: '-412345678:1', url: 'https://web.telegram.org/a/#-412345678' });
  });
});

describe('when Telegram refuses or does not answer', () => {
  it('a token Telegram does not accept asks to connect Telegram again, never naming the token', async () => {
    const other = fake.addBot();
    const revoked = { ...credentials, accessToken: `${other.id}:AAnot-the-token-telegram-has-at-all` };
    const error = await failure(telegram().publish(revoked, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(error.message).toBe(TELEGRAM_TOKEN_REFUSED);
    expect(error.message).toContain('@BotFather');
  });

  it('a bot removed from the channel, or without the right to post, is forbidden, saying what it needs', async () => {
    fake.setMember(channel.id, bot.id, { status: 'left' });
    const removed = await failure(telegram().publish(credentials, { text: 'Hello' }));
    expect(removed).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(removed.message).toMatch(
      /^Telegram refused the message \(403: bot is not a member of the channel chat\): the bot may not post in this chat\. It must be an administrator/,
    );

    fake.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: false });
    const noRight = await failure(telegram().publish(credentials, { text: 'Hello' }));
    expect(noRight).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 400 });
    expect(messagesIn(channel.id)).toEqual([]);
  });

  it('a flood limit is transient until Telegram’s retry_after', async () => {
    fake.failNext(TELEGRAM_ROUTES.sendMessage, { status: 429, retryAfterSeconds: 7 });
    const before = Date.now();
    const error = await failure(telegram().publish(credentials, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(error.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 7000);
    expect(error.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 7000);
  });

  it('a chat Telegram cannot find, and a group become a supergroup, are permanent with their own sentences', async () => {
    const gone = await failure(telegram().publish({ ...credentials, accountId: '-1009999999999' }, { text: 'Hi' }));
    expect(gone).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      status: 400,
      message: TELEGRAM_CHAT_NOT_FOUND,
    });

    const upgraded = telegramError(400, 'Bad Request: group chat was upgraded to a supergroup chat', {
      migrate_to_chat_id: -1001987654321,
    });
    fake.failNext(TELEGRAM_ROUTES.sendMessage, { status: 400, body: upgraded.json });
    const moved = await failure(telegram().publish(credentials, { text: 'Hi' }));
    expect(moved).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', message: TELEGRAM_GROUP_UPGRADED });
  });

  it('a failure on Telegram’s side is transient; a text Telegram refuses is rejected in its words', async () => {
    fake.failNext(TELEGRAM_ROUTES.sendMessage, { status: 500 });
    await expect(failure(telegram().publish(credentials, { text: 'Hello' }))).resolves.toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      message: 'Telegram failed on its side (500: Internal Server Error).',
    });
    const long = await failure(telegram().publish(credentials, { text: 'x'.repeat(4097) }));
    expect(long).toMatchObject({ kind: 'permanent', reason: 'rejected', status: 400 });
    expect(long.message).toBe('Telegram rejected the message (400: message is too long).');
  });

  it('a lost answer to the request that creates the post is unknown: it may have been published', async () => {
    fake.dropNext(TELEGRAM_ROUTES.sendPhoto, { afterAccept: true });
    const error = await failure(telegram().publish(credentials, { text: 'Maybe', media: [image('a')] }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });
    expect(messagesIn(channel.id).map((message) => message.caption)).toEqual(['Maybe']);
    expect(`${error.message} ${String(error.cause)}`).not.toContain(bot.token);

    fake.hangNext(TELEGRAM_ROUTES.sendMessage);
    const waited = await failure(telegram(200).publish(credentials, { text: 'Maybe' }));
    expect(waited).toMatchObject({ kind: 'unknown', reason: 'timeout' });
  });

  it('a refused connection is transient: nothing was sent', async () => {
    const unreachable = createTelegramPlatform({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    const error = await failure(unreachable.publish(credentials, { text: 'Hello' }));
    expect(error).toMatchObject({ kind: 'transient', reason: 'unreachable' });
    expect(error.message).not.toContain(bot.token);
  });
});

describe('deleting a post', () => {
  it('deletes every message of the post; again, or once gone, resolves', async () => {
    const post = await telegram().publish(credentials, { text: 'Album', media: [image('a'), image('b')] });
    await telegram().deletePost(credentials, post.postId);
    expect(lastTo('deleteMessages')?.json).toEqual({ chat_id: channel.id, message_ids: [1, 2] });
    expect(messagesIn(channel.id)).toEqual([]);
    await telegram().deletePost(credentials, post.postId);
  });

  it('refuses a post of another chat and an id that is no Telegram post’s, without asking Telegram', async () => {
    const before = fake.requests.length;
    const elsewhere = await failure(telegram().deletePost(credentials, '-1005550001:3'));
    expect(elsewhere).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    const malformed = await failure(telegram().deletePost(credentials, 'at://not-a-post'));
    expect(malformed).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(malformed.message).toBe('Telegram cannot delete "at://not-a-post": it is not the id of a Telegram post.');
    expect(fake.requests.length).toBe(before);
  });

  it('a post older than 48 hours stays, with a sentence saying to delete it in the Telegram app', async () => {
    const post = await telegram().publish(credentials, { text: 'Old news' });
    fake.setMessageDate(channel.id, 1, new Date(Date.now() - 49 * 60 * 60 * 1000));
    const error = await failure(telegram().deletePost(credentials, post.postId));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'rejected', message: TELEGRAM_TOO_OLD_TO_DELETE });
    expect(messagesIn(channel.id).map((message) => message.text)).toEqual(['Old news']);
  });
});

describe('checking a bot when a person connects Telegram', () => {
  const check = (chat: string, token = bot.token) =>
    checkTelegramBot({ baseUrl: fake.baseUrl, token, chat, timeoutMs: 2000 });

  it('answers the bot and the chat for an administrator allowed to post, by @name or by id', async () => {
    await expect(check('@launch_news')).resolves.toEqual({
      botId: bot.id,
      botUsername: 'news_bot',
      chatId: channel.id,
      chatTitle: 'Launch news',
      chatUsername: 'launch_news',
      chatType: 'channel',
    });
    const supergroup = fake.addChat({ type: 'supergroup', title: 'Insiders' });
    fake.setMember(supergroup.id, bot.id, { status: 'administrator' });
    await expect(check(supergroup.id)).resolves.toMatchObject({ chatId: supergroup.id, chatType: 'supergroup' });
    expect(lastTo('getChatMember')?.json).toEqual({ chat_id: supergroup.id, user_id: Number(bot.id) });
  });

  it('says what to change when the bot is not an administrator, or may not post in the channel', async () => {
    fake.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: false });
    await expect(failure(check('@launch_news'))).resolves.toMatchObject({
      kind: 'permanent',
      reason: 'forbidden',
      message:
        '@news_bot is an administrator of “Launch news” but may not post messages: turn on “Post Messages” in its administrator rights, then connect again.',
    });
    const group = fake.addChat({ type: 'group', title: 'Team room' });
    fake.setMember(group.id, bot.id, { status: 'member' });
    await expect(failure(check(group.id))).resolves.toMatchObject({
      reason: 'forbidden',
      message:
        '@news_bot is not an administrator of “Team room”: add it as an administrator allowed to post messages, then connect again.',
    });
  });

  it('refuses an unknown chat, a wrong token and a person’s chat, each with its own sentence', async () => {
    const unknown = await failure(check('@nowhere_at_all'));
    expect(unknown).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(unknown.message).toMatch(/^Telegram cannot find the channel or group “@nowhere_at_all”/);

    const wrong = await failure(check('@launch_news', `${bot.id}:AAthis-is-not-the-right-token-at-all`));
    // reconnect_required: the token is what is wrong, not the chat.
    expect(wrong).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
    expect(wrong.message).toMatch(/^Telegram does not accept this bot token\. In Telegram, open @BotFather/);

    const before = fake.requests.length;
    const malformed = await failure(check('@launch_news', 'not a token'));
    expect(malformed).toMatchObject({ reason: 'reconnect_required' });
    expect(malformed.message).toMatch(/^This is not a Telegram bot token/);
    expect(fake.requests.length).toBe(before);

    const person = fake.addChat({ type: 'private', title: 'Ann' });
    const refused = await failure(check(person.id));
    expect(refused).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(refused.message).toBe(
      '“Ann” is a person’s chat with the bot, not a channel or group: connect a channel or group the bot is an administrator of.',
    );
  });
});
