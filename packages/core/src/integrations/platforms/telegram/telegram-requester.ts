import { fetchFromPlatform } from '../common/fetch-from-platform.ts';
import { PlatformError } from '../common/platform.ts';
import { TELEGRAM_TOKEN_REFUSED, telegramPlatformError } from './telegram-platform-error.ts';

/** A file sent along with a method's parameters, as the multipart field `field`. */
export type TelegramUpload = { field: string; bytes: Buffer; contentType: string; filename: string };

export type TelegramCall = {
  /** The Bot API method: 'sendMessage', 'getChat', … */
  method: string;
  params: Record<string, unknown>;
  /** Present: the call goes as multipart/form-data, the parameters as its text fields. */
  files?: TelegramUpload[];
  /** For the message: 'the message', 'the photo', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
};

/** Calls one bot's Bot API methods; answers Telegram's `result`, or throws a PlatformError. */
export type TelegramRequester = (call: TelegramCall) => Promise<unknown>;

/** A token as @BotFather hands them out: the bot's id, a colon, and its secret. */
export const TELEGRAM_TOKEN = /^\d{1,20}:[\w-]{20,100}$/;

/** Parameters as multipart text fields: objects and lists JSON-serialized, as the Bot API reads them. */
const formOf = (params: Record<string, unknown>, files: TelegramUpload[]) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
  return form;
};

/**
 * Requests to the Bot API, `POST {baseUrl}/bot{token}/{method}`, over fetchFromPlatform (timeouts, lost answers).
 * The token is in the path, so it is a secret the URL carries: errors name Telegram's origin and what was asked,
 * never the URL. A token that is not one is refused before anything is sent, so it cannot change the path.
 */
export const createTelegramRequester = ({ baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number }) => {
  const base = new URL(baseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = { platform: 'telegram' as const, name: 'Telegram', baseOrigin: base.origin, timeoutMs };

  return (token: string): TelegramRequester =>
    async ({ method, params, files, what, createsPost = false }) => {
      if (!TELEGRAM_TOKEN.test(token))
        throw new PlatformError('telegram', 'permanent', 'reconnect_required', TELEGRAM_TOKEN_REFUSED);
      const answer = await fetchFromPlatform(endpoint, new URL(`${root}/bot${token}/${method}`), {
        method: 'POST',
        ...(files && files.length > 0
          ? { body: formOf(params, files) }
          : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params) }),
        createsPost,
        // A proxy in front of Telegram answers its failures with an HTML page, which says nothing to a person.
        textBody: (text) => ({ description: text.trimStart().startsWith('<') ? undefined : text }),
      });
      const body = (answer.body ?? {}) as { ok?: unknown; result?: unknown };
      if (answer.status >= 400 || body.ok === false) throw telegramPlatformError({ ...answer, what });
      if (body.ok !== true || body.result === undefined) {
        if (createsPost)
          throw new PlatformError(
            'telegram',
            'unknown',
            'connection_lost',
            `Telegram answered ${what} with something this app could not read: it may have been published.`,
            { status: answer.status },
          );
        throw new PlatformError(
          'telegram',
          'transient',
          'platform_unavailable',
          `Telegram answered ${what} with something this app could not read.`,
          { status: answer.status },
        );
      }
      return body.result;
    };
};
