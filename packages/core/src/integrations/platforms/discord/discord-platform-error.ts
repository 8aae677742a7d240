import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';
import { PlatformError } from '../common/platform.ts';

/** Discord's error answer: a code of its own, a message, and for a form the fields at fault. */
type DiscordErrorBody = { code?: unknown; message?: unknown; errors?: unknown; retry_after?: unknown };

/** Unknown Webhook (404) and Invalid Webhook Token (401): the webhook was deleted or its URL was reset. */
const WEBHOOK_GONE_CODES = new Set([10015, 50027]);
const UNKNOWN_MESSAGE = 10008;
const INVALID_FORM_BODY = 50035;

export const DISCORD_WEBHOOK_GONE =
  'Discord no longer knows this channel’s webhook: it was deleted, or its URL was changed. Connect Discord again with a new webhook URL (Server Settings → Integrations → Webhooks).';

/**
 * The fields Discord names in an Invalid Form Body answer, as "content: Must be 2000 or fewer in length." Its
 * `errors` nest by field (and by index for lists) down to `_errors` lists.
 */
const fieldErrors = (errors: unknown, path: string[] = []): string[] => {
  if (!errors || typeof errors !== 'object') return [];
  const own = (errors as { _errors?: unknown })._errors;
  const here = Array.isArray(own)
    ? own.flatMap((entry: { message?: unknown }) =>
        typeof entry?.message === 'string' ? [`${path.join('.') || 'message'}: ${entry.message}`] : [],
      )
    : [];
  const nested = Object.entries(errors)
    .filter(([key]) => key !== '_errors')
    .flatMap(([key, value]) => fieldErrors(value, [...path, key]));
  return [...here, ...nested];
};

/**
 * Discord's own words, without a proxy's HTML page (a 502 from in front of Discord is one) and without the status
 * its server errors repeat ("500: Internal Server Error").
 */
const detailOf = (body: DiscordErrorBody) => {
  const words = typeof body.message === 'string' ? body.message.trim() : '';
  const message = words.startsWith('<') ? '' : words.replace(/^\d{3}: /, '');
  const fields = body.code === INVALID_FORM_BODY ? fieldErrors(body.errors).slice(0, 3) : [];
  if (fields.length === 0) return message || undefined;
  return `${message || 'Invalid Form Body'} — ${fields.join('; ').replace(/\.$/, '')}`;
};

/**
 * When a rate-limited webhook may send again: the answer's `retry_after` (seconds, often fractional), else the
 * `X-RateLimit-Reset-After` header (seconds too), else a standard `Retry-After`.
 */
const retryAtOf = (body: DiscordErrorBody, headers: Headers, now = Date.now()) => {
  const header = headers.get('x-ratelimit-reset-after');
  const seconds = typeof body.retry_after === 'number' ? body.retry_after : header ? Number(header) : Number.NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return new Date(now + Math.ceil(seconds * 1000));
  return retryAtFromHeaders((name) => headers.get(name) ?? undefined);
};

/** A Discord error answer as a PlatformError, in words a person can act on. The webhook's token is never named. */
export const discordPlatformError = ({
  status,
  body,
  headers,
  what,
}: {
  status: number;
  body: unknown;
  headers: Headers;
  /** 'the message', 'the webhook', 'the request to delete the message'. */
  what: string;
}): PlatformError => {
  const error = (body && typeof body === 'object' ? body : {}) as DiscordErrorBody;
  const code = typeof error.code === 'number' ? error.code : undefined;
  const detail = detailOf(error);
  if (status === 401 || (status === 404 && code !== undefined && WEBHOOK_GONE_CODES.has(code)))
    return new PlatformError('discord', 'permanent', 'reconnect_required', DISCORD_WEBHOOK_GONE, { status });
  if (status === 404 && code === UNKNOWN_MESSAGE)
    return new PlatformError('discord', 'permanent', 'rejected', 'Discord no longer has this message.', { status });
  if (status === 403)
    return new PlatformError(
      'discord',
      'permanent',
      'forbidden',
      `Discord refused ${what} (403${detail ? `: ${detail}` : ''}): the webhook may no longer post in this channel. Check the channel’s permissions in Discord, or connect Discord again with a new webhook URL.`,
      { status },
    );
  if (status === 413)
    return new PlatformError(
      'discord',
      'permanent',
      'rejected',
      `Discord refused ${what} because its files are too large for this channel (413).`,
      { status },
    );
  if (status === 429) {
    const retryAt = retryAtOf(error, headers);
    const until = retryAt ? ` until ${retryAt.toISOString().replace(/\.\d+Z$/, 'Z')}` : '';
    return new PlatformError(
      'discord',
      'transient',
      'rate_limited',
      `Discord is rate-limiting this webhook${until} (429).`,
      { status, retryAt },
    );
  }
  return platformErrorFromStatus({ platform: 'discord', name: 'Discord', what, status, detail });
};
