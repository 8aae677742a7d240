import {
  PlatformError,
  type PlatformAdapterOptions,
  type PlatformCredentials,
  type PostMedia,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';
import { createTelegramRequester, type TelegramRequester, type TelegramUpload } from './telegram-requester.ts';
import {
  isTelegramChatId,
  parseTelegramPostId,
  telegramPostId,
  telegramPostUrl,
  type TelegramPostRef,
} from './telegram-post-ref.ts';

/** A message's text holds up to 4096 characters. */
export const TELEGRAM_MAX_TEXT = 4096;
/** A photo's or video's caption holds up to 1024 characters. */
export const TELEGRAM_MAX_CAPTION = 1024;
/** A media group (an album) holds 2 to 10 photos and videos. */
export const TELEGRAM_MAX_MEDIA = 10;
/** What the Bot API takes as an uploaded photo (10 MB) and as any other uploaded file (50 MB). */
export const TELEGRAM_MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const TELEGRAM_MAX_VIDEO_BYTES = 50 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

/** The sent message's id, and its chat as Telegram named it (the @username makes the link). */
type SentMessage = { messageId: number; chatId: string; chatUsername?: string };

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
const wereLeftOut = (count: number) => `${count} ${count === 1 ? 'was' : 'were'} left out`;

/**
 * The media a post can carry, in the run's order: each within the Bot API's upload limit, ten at most. What is
 * left out is said in notes rather than failing the whole post. Alt text has no place in Telegram.
 */
export const chooseTelegramMedia = (media: PostMedia[]) => {
  const notes: string[] = [];
  const fitting = media.filter((medium) => {
    const limit = medium.kind === 'image' ? TELEGRAM_MAX_PHOTO_BYTES : TELEGRAM_MAX_VIDEO_BYTES;
    if (medium.bytes.length <= limit) return true;
    notes.push(
      `Telegram takes ${medium.kind === 'image' ? 'images' : 'videos'} up to ${megabytes(limit)} from a bot: the ${medium.kind} of ${megabytes(medium.bytes.length)} was left out.`,
    );
    return false;
  });
  if (fitting.length > TELEGRAM_MAX_MEDIA)
    notes.push(
      `Telegram carries up to ${TELEGRAM_MAX_MEDIA} images and videos per post: ${wereLeftOut(fitting.length - TELEGRAM_MAX_MEDIA)}.`,
    );
  return { chosen: fitting.slice(0, TELEGRAM_MAX_MEDIA), notes };
};

/** The text as Telegram's HTML reads it: the three characters that would start markup, escaped. */
export const escapeTelegramHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const filenameOf = (medium: PostMedia, index: number) =>
  `${medium.kind}-${index + 1}.${EXTENSIONS[medium.contentType] ?? (medium.kind === 'video' ? 'mp4' : 'png')}`;

const uploadOf = (field: string, medium: PostMedia, index: number): TelegramUpload => ({
  field,
  bytes: medium.bytes,
  contentType: medium.contentType,
  filename: filenameOf(medium, index),
});

/** A sent Message as this app needs it; throws when Telegram answered something else. */
const readSentMessage = (result: unknown, what: string): SentMessage => {
  const message = (result ?? {}) as { message_id?: unknown; chat?: { id?: unknown; username?: unknown } };
  if (typeof message.message_id !== 'number' || typeof message.chat?.id !== 'number')
    throw new PlatformError(
      'telegram',
      'unknown',
      'connection_lost',
      `Telegram accepted ${what} but did not say which message it was: it was probably published.`,
    );
  return {
    messageId: message.message_id,
    chatId: String(message.chat.id),
    ...(typeof message.chat.username === 'string' && { chatUsername: message.chat.username }),
  };
};

/** The chat a connection posts in (its numeric id) and the bot's token. */
const connectionOf = (credentials: PlatformCredentials) => {
  if (!isTelegramChatId(credentials.accountId))
    throw new PlatformError(
      'telegram',
      'permanent',
      'reconnect_required',
      'This Telegram connection does not name a channel or group: connect Telegram again.',
    );
  return { chatId: credentials.accountId, token: credentials.accessToken };
};

/**
 * Where a post goes and what it answers: the connected channel or group; a reply goes into the chat of the message it
 * answers (its last message, for a post of several) — the connected chat, its discussion group, or a person's private
 * chat with the bot, where the agent answers people.
 */
const targetFor = (replyToPostId: string | undefined, chatId: string) => {
  if (!replyToPostId) return { chatId, replyTo: undefined };
  const ref = parseTelegramPostId(replyToPostId);
  const last = ref?.messageIds[ref.messageIds.length - 1];
  if (!ref || last === undefined)
    throw new PlatformError(
      'telegram',
      'permanent',
      'rejected',
      `Telegram cannot reply to "${replyToPostId}": it is not the id of a Telegram message.`,
    );
  return { chatId: ref.chatId, replyTo: { message_id: last } };
};

type MediaSend = {
  chatId: string;
  media: PostMedia[];
  caption?: string;
  replyTo?: { message_id: number };
  createsPost: boolean;
};

/**
 * Sends the media as one post: a photo or a video alone with the caption, two or more as a media group with the
 * caption on its first item (where Telegram shows it for the album). Every file is uploaded with the request.
 */
const sendMedia = async (call: TelegramRequester, { chatId, media, caption, replyTo, createsPost }: MediaSend) => {
  const captionFields = caption ? { caption: escapeTelegramHtml(caption), parse_mode: 'HTML' } : {};
  const [only] = media;
  if (media.length === 1 && only) {
    const isVideo = only.kind === 'video';
    const what = isVideo ? 'the video' : 'the photo';
    const result = await call({
      method: isVideo ? 'sendVideo' : 'sendPhoto',
      params: {
        chat_id: chatId,
        ...captionFields,
        ...(isVideo && { supports_streaming: true }),
        reply_parameters: replyTo,
      },
      files: [uploadOf(isVideo ? 'video' : 'photo', only, 0)],
      what,
      createsPost,
    });
    return [readSentMessage(result, what)];
  }
  const items = media.map((medium, index) => ({
    type: medium.kind === 'video' ? 'video' : 'photo',
    media: `attach://file${index}`,
    ...(index === 0 && captionFields),
    ...(medium.kind === 'video' && { supports_streaming: true }),
  }));
  const what = 'the album of images and videos';
  const result = await call({
    method: 'sendMediaGroup',
    params: { chat_id: chatId, media: items, reply_parameters: replyTo },
    files: media.map((medium, index) => uploadOf(`file${index}`, medium, index)),
    what,
    createsPost,
  });
  if (!Array.isArray(result) || result.length === 0) return [readSentMessage(undefined, what)];
  return result.map((message: unknown) => readSentMessage(message, what));
};

const sendText = async (call: TelegramRequester, chatId: string, text: string, replyTo?: { message_id: number }) => {
  const result = await call({
    method: 'sendMessage',
    params: { chat_id: chatId, text: escapeTelegramHtml(text), parse_mode: 'HTML', reply_parameters: replyTo },
    what: 'the message',
    createsPost: true,
  });
  return readSentMessage(result, 'the message');
};

const describeMedia = (media: PostMedia[]) => {
  const [only] = media;
  return media.length === 1 && only ? `its ${only.kind}` : `its ${media.length} images and videos`;
};

/**
 * Telegram through a bot (the Bot API): posts in a channel or group the bot administers, as a text, a photo or video
 * with a caption, or an album; replies to earlier posts; deleting the bot's own posts. A bot cannot read what a chat
 * holds, so a lost answer stays unknown (no `findRecentPost`), and the Bot API gives no counts to read.
 */
export const createTelegramPlatform = ({
  baseUrl = 'https://api.telegram.org',
  timeoutMs,
}: PlatformAdapterOptions): PublishingPlatform => {
  const requester = createTelegramRequester({ baseUrl, timeoutMs });

  return {
    id: 'telegram',
    name: 'Telegram',
    maxTextLength: TELEGRAM_MAX_TEXT,
    supportsReplies: true,

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      const connection = connectionOf(credentials);
      const call = requester(connection.token);
      const { chatId, replyTo } = targetFor(replyToPostId, connection.chatId);
      const { chosen, notes } = chooseTelegramMedia(media);
      const sent: SentMessage[] = [];
      if (chosen.length === 0) {
        sent.push(await sendText(call, chatId, text, replyTo));
      } else if (text.length <= TELEGRAM_MAX_CAPTION) {
        const caption = text.trim() ? text : undefined;
        sent.push(...(await sendMedia(call, { chatId, media: chosen, caption, replyTo, createsPost: true })));
      } else {
        // Too long for a caption: the text is the post, its media follow as a reply to it. Once the text is out the
        // post exists, so media Telegram does not take become a note, not a failure that would post the text again.
        const first = await sendText(call, chatId, text, replyTo);
        sent.push(first);
        try {
          const replyToText = { message_id: first.messageId };
          sent.push(...(await sendMedia(call, { chatId, media: chosen, replyTo: replyToText, createsPost: false })));
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          notes.push(`The text was posted, but ${describeMedia(chosen)} could not be attached: ${error.message}`);
        }
      }
      const [head] = sent;
      if (!head) throw new Error('Telegram sent no message, yet answered without an error.');
      const ref: TelegramPostRef = { chatId: head.chatId, messageIds: sent.map((message) => message.messageId) };
      return {
        postId: telegramPostId(ref),
        url: telegramPostUrl(ref, head.chatUsername),
        ...(notes.length > 0 && { notes }),
      };
    },

    deletePost: async (credentials, postId) => {
      const ref = parseTelegramPostId(postId);
      if (!ref)
        throw new PlatformError(
          'telegram',
          'permanent',
          'rejected',
          `Telegram cannot delete "${postId}": it is not the id of a Telegram post.`,
        );
      const { chatId, token } = connectionOf(credentials);
      if (ref.chatId !== chatId)
        throw new PlatformError(
          'telegram',
          'permanent',
          'forbidden',
          'This post is in another Telegram chat than the connected one: the bot can delete posts only in the channel or group it is connected to.',
        );
      // deleteMessages skips messages that are gone already: a repeat whose answer was lost, or a post a person
      // deleted by hand, resolves.
      try {
        await requester(token)({
          method: 'deleteMessages',
          params: { chat_id: chatId, message_ids: ref.messageIds },
          what: 'the request to delete the post',
        });
      } catch (error) {
        if (
          error instanceof PlatformError &&
          error.status === 400 &&
          /message to delete not found/i.test(error.message)
        )
          return;
        throw error;
      }
    },
  };
};
