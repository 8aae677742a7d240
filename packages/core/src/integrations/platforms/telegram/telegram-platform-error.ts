import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';
import { PlatformError } from '../common/platform.ts';

/** Telegram's error answer: `{ ok: false, error_code, description, parameters }`. */
export type TelegramErrorBody = {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown; migrate_to_chat_id?: unknown };
};

export const TELEGRAM_TOKEN_REFUSED =
  'Telegram no longer accepts this bot’s token: it was revoked, or a new one was made in @BotFather. Connect Telegram again with the bot’s current token (in @BotFather: /mybots → your bot → API Token).';

export const TELEGRAM_MAY_NOT_POST =
  'the bot may not post in this chat. It must be an administrator of the channel or group, allowed to post messages: check its rights in the chat’s settings in Telegram (Administrators), then try again.';

export const TELEGRAM_CHAT_NOT_FOUND =
  'Telegram cannot find the connected channel or group: it was deleted, or the bot was removed from it. Add the bot to the channel or group again, or connect Telegram again with another one.';

export const TELEGRAM_GROUP_UPGRADED =
  'The connected Telegram group became a supergroup, which Telegram gives a new id: connect Telegram again, choosing the same group, to go on posting.';

export const TELEGRAM_TOO_OLD_TO_DELETE =
  'Telegram would not delete this post: bots may delete their messages only within 48 hours of posting them. Delete it in the Telegram app instead.';

/** "Bad Request: chat not found" → "chat not found": Telegram's own words without the status it repeats. */
const detailOf = (body: TelegramErrorBody) => {
  const words = typeof body.description === 'string' ? body.description.trim() : '';
  return words.replace(/^(Bad Request|Forbidden|Unauthorized|Conflict|Too Many Requests): /, '') || undefined;
};

/**
 * Refusals Telegram words as a 400 although they mean the bot lacks rights: an administrator of a channel without
 * "Post Messages", or a group where members may not send that kind of message.
 */
const MISSING_RIGHTS =
  /need administrator rights|not enough rights|have no rights to send|CHAT_WRITE_FORBIDDEN|CHAT_ADMIN_REQUIRED/i;

/**
 * When a flood-limited bot may send again: the answer's `parameters.retry_after` (seconds), else a `Retry-After`
 * header.
 */
const retryAtOf = (body: TelegramErrorBody, headers: Headers, now = Date.now()) => {
  const seconds = body.parameters?.retry_after;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0)
    return new Date(now + Math.ceil(seconds * 1000));
  return retryAtFromHeaders((name) => headers.get(name) ?? undefined);
};

/**
 * A Telegram error answer as a PlatformError, in words a person can act on. The bot's token is never named: it is
 * part of every request's URL.
 */
export const telegramPlatformError = ({
  status,
  body,
  headers,
  what,
}: {
  status: number;
  body: unknown;
  headers: Headers;
  /** 'the message', 'the photo', 'the request to delete the post'. */
  what: string;
}): PlatformError => {
  const error = (body && typeof body === 'object' ? body : {}) as TelegramErrorBody;
  const code = typeof error.error_code === 'number' ? error.error_code : status;
  const detail = detailOf(error);
  const details = { status: code };
  // A 404 comes only for a method Telegram does not have, and every method asked here exists: the token in the
  // path is not one Telegram can read.
  if (code === 401 || code === 404)
    return new PlatformError('telegram', 'permanent', 'reconnect_required', TELEGRAM_TOKEN_REFUSED, details);
  if (error.parameters?.migrate_to_chat_id !== undefined)
    return new PlatformError('telegram', 'permanent', 'reconnect_required', TELEGRAM_GROUP_UPGRADED, details);
  if (code === 429) {
    const retryAt = retryAtOf(error, headers);
    const until = retryAt ? ` until ${retryAt.toISOString().replace(/\.\d+Z$/, 'Z')}` : '';
    return new PlatformError(
      'telegram',
      'transient',
      'rate_limited',
      `Telegram is limiting how fast this bot may send${until} (429).`,
      { ...details, retryAt },
    );
  }
  if (code === 403 || (code === 400 && MISSING_RIGHTS.test(detail ?? '')))
    return new PlatformError(
      'telegram',
      'permanent',
      'forbidden',
      `Telegram refused ${what} (${code}${detail ? `: ${detail}` : ''}): ${TELEGRAM_MAY_NOT_POST}`,
      details,
    );
  if (code === 400 && /chat not found/i.test(detail ?? ''))
    return new PlatformError('telegram', 'permanent', 'rejected', TELEGRAM_CHAT_NOT_FOUND, details);
  if (code === 400 && /message can't be deleted/i.test(detail ?? ''))
    return new PlatformError('telegram', 'permanent', 'rejected', TELEGRAM_TOO_OLD_TO_DELETE, details);
  return platformErrorFromStatus({ platform: 'telegram', name: 'Telegram', what, status: code, detail });
};
