import {
  PlatformError,
  type PlatformAdapterOptions,
  type PlatformCredentials,
  type PostMedia,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';
import { settleDeletion } from '../common/settle-deletion.ts';
import { DISCORD_WEBHOOK_GONE } from './discord-platform-error.ts';
import { createDiscordRequester, type DiscordWebhookRef } from './discord-requester.ts';
import { readDiscordWebhook } from './discord-webhook-check.ts';
import { DISCORD_API_BASE_URL } from './discord-webhook-url.ts';

/** A Discord message's content holds up to 2000 characters. */
export const DISCORD_MAX_TEXT = 2000;
/** A message carries up to 10 files. */
export const DISCORD_MAX_FILES = 10;
/**
 * A file's size a webhook is sure to get through: 8 MiB. Discord raised its default upload limit to 10 MiB in 2025,
 * but channel webhooks were reported held to 8 MB (discord-api-docs #6058), and a file over the limit fails the
 * whole message (413): leaving a larger one out with a note is the safer side. The whole request stays under 25 MiB.
 */
export const DISCORD_MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
/** What the files of one message may take of the request, leaving room for the text and the form's own lines. */
const MAX_FILES_TOTAL_BYTES = MAX_REQUEST_BYTES - 64 * 1024;
/** An attachment's description (its alt text) holds up to 1024 characters. */
const MAX_DESCRIPTION = 1024;

const SNOWFLAKE = /^\d{1,20}$/;
const WEBHOOK_TOKEN = /^[\w-]+$/;
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
const wereLeftOut = (count: number) => `${count} ${count === 1 ? 'was' : 'were'} left out`;

/**
 * The files a message can carry, in the run's order: each within the upload limit, ten at most, and all together
 * within the request limit. What is left out is said in notes rather than failing the whole post.
 */
export const chooseDiscordFiles = (media: PostMedia[]) => {
  const notes: string[] = [];
  const fitting = media.filter((medium) => {
    if (medium.bytes.length <= DISCORD_MAX_FILE_BYTES) return true;
    notes.push(
      `Discord takes files up to ${megabytes(DISCORD_MAX_FILE_BYTES)} from a webhook: the ${medium.kind} of ${megabytes(medium.bytes.length)} was left out.`,
    );
    return false;
  });
  if (fitting.length > DISCORD_MAX_FILES)
    notes.push(
      `Discord carries up to ${DISCORD_MAX_FILES} files per message: ${wereLeftOut(fitting.length - DISCORD_MAX_FILES)}.`,
    );
  const files: PostMedia[] = [];
  let total = 0;
  for (const medium of fitting.slice(0, DISCORD_MAX_FILES)) {
    if (total + medium.bytes.length > MAX_FILES_TOTAL_BYTES) {
      notes.push(
        `Discord takes up to ${megabytes(MAX_REQUEST_BYTES)} of files in one message: the ${medium.kind} of ${megabytes(medium.bytes.length)} was left out.`,
      );
      continue;
    }
    total += medium.bytes.length;
    files.push(medium);
  }
  return { files, notes };
};

const filenameOf = (medium: PostMedia, index: number) =>
  `${medium.kind}-${index + 1}.${EXTENSIONS[medium.contentType] ?? (medium.kind === 'video' ? 'mp4' : 'png')}`;

/** No mention in an agent's text may ping anyone: @everyone, @here, roles and users stay plain text. */
const messageFields = (text: string) => ({ content: text, allowed_mentions: { parse: [] } });

/**
 * A message with files as Discord takes it: the JSON fields in `payload_json`, with one attachment entry per file
 * (its id the n of `files[n]`, its description the alt text), and the files' bytes as they are.
 */
const messageForm = (text: string, files: PostMedia[]) => {
  const attachments = files.map((medium, index) => ({
    id: index,
    filename: filenameOf(medium, index),
    ...(medium.altText && { description: medium.altText.slice(0, MAX_DESCRIPTION) }),
  }));
  const form = new FormData();
  form.append('payload_json', JSON.stringify({ ...messageFields(text), attachments }));
  files.forEach((medium, index) =>
    form.append(
      `files[${index}]`,
      new Blob([new Uint8Array(medium.bytes)], { type: medium.contentType }),
      filenameOf(medium, index),
    ),
  );
  return form;
};

/** The webhook a connection holds: its id as the account, its token as the access token. */
const webhookOf = (credentials: PlatformCredentials): DiscordWebhookRef => {
  if (!SNOWFLAKE.test(credentials.accountId) || !WEBHOOK_TOKEN.test(credentials.accessToken))
    throw new PlatformError('discord', 'permanent', 'reconnect_required', DISCORD_WEBHOOK_GONE);
  return { id: credentials.accountId, token: credentials.accessToken };
};

/** Where a person opens a message: Discord's link to it in its server and channel. */
export const discordMessageUrl = (guildId: string | null, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;

/**
 * Discord through a channel's webhook (`/webhooks/{id}/{token}`): messages with text and up to ten images or videos,
 * mentions never pinging anyone, and deleting the webhook's own messages. A webhook cannot read the channel, so a
 * lost answer stays unknown (no `findRecentPost`) and no metrics are read.
 */
export const createDiscordPlatform = ({
  baseUrl = DISCORD_API_BASE_URL,
  timeoutMs,
}: PlatformAdapterOptions): PublishingPlatform => {
  const requester = createDiscordRequester({ apiBaseUrl: baseUrl, timeoutMs });

  return {
    id: 'discord',
    name: 'Discord',
    maxTextLength: DISCORD_MAX_TEXT,
    supportsReplies: false,

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      if (replyToPostId)
        throw new PlatformError('discord', 'permanent', 'rejected', 'Discord messages cannot be published as replies.');
      const call = requester(webhookOf(credentials));
      // The webhook first: it names the server for the message's link, and a deleted one fails before anything is sent.
      const webhook = await readDiscordWebhook(call);
      const { files, notes } = chooseDiscordFiles(media);
      const { body } = await call({
        method: 'POST',
        query: { wait: 'true' },
        ...(files.length > 0 ? { form: messageForm(text, files) } : { json: messageFields(text) }),
        what: 'the message',
        createsPost: true,
      });
      const message = (body ?? {}) as { id?: unknown; channel_id?: unknown };
      if (typeof message.id !== 'string')
        throw new PlatformError(
          'discord',
          'unknown',
          'connection_lost',
          'Discord accepted the message but did not say which it was: it was probably published.',
        );
      const channelId = typeof message.channel_id === 'string' ? message.channel_id : webhook.channelId;
      return {
        postId: message.id,
        url: discordMessageUrl(webhook.guildId, channelId, message.id),
        ...(notes.length > 0 && { notes }),
      };
    },

    deletePost: async (credentials, postId) => {
      if (!SNOWFLAKE.test(postId))
        throw new PlatformError(
          'discord',
          'permanent',
          'rejected',
          `Discord cannot delete "${postId}": it is not the id of a Discord message.`,
        );
      const call = requester(webhookOf(credentials));
      // settleDeletion takes a 404 for a message already gone; a webhook Discord no longer knows answers 404 too, and
      // then the message is still in the channel.
      let webhookGone: PlatformError | undefined;
      await settleDeletion('Discord', async () => {
        await call({ method: 'DELETE', path: `/messages/${postId}`, what: 'the request to delete the message' }).catch(
          (error: unknown) => {
            if (error instanceof PlatformError && error.reason === 'reconnect_required') webhookGone = error;
            throw error;
          },
        );
      });
      if (webhookGone) throw webhookGone;
    },
  };
};
