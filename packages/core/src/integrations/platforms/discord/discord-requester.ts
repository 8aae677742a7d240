import { fetchFromPlatform, type PlatformAnswer } from '../common/fetch-from-platform.ts';
import { discordPlatformError } from './discord-platform-error.ts';

/** A channel webhook: its id (a snowflake) and its secret token, the two parts of its URL. */
export type DiscordWebhookRef = { id: string; token: string };

export type DiscordRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** What follows the webhook's address: nothing for the webhook itself, `/messages/{id}` for one of its messages. */
  path?: string;
  query?: Record<string, string>;
  json?: unknown;
  /** A multipart body (a message with files); fetch sets its content type with the boundary. */
  form?: FormData;
  /** For the message: 'the message', 'the webhook', … */
  what: string;
  /** Only the request that creates the post: losing its answer makes the outcome `unknown`. */
  createsPost?: boolean;
};

export type DiscordRequester = (request: DiscordRequest) => Promise<PlatformAnswer>;

/**
 * Requests to one webhook, `{apiBaseUrl}/webhooks/{id}/{token}…`, over fetchFromPlatform (timeouts, lost answers).
 * A webhook needs no other authorization: its token is in the path, so it is a secret the URL carries. Errors name
 * Discord and what was asked, never the URL, so the token stays out of messages and logs.
 */
export const createDiscordRequester = ({ apiBaseUrl, timeoutMs }: { apiBaseUrl: string; timeoutMs: number }) => {
  const base = new URL(apiBaseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = { platform: 'discord' as const, name: 'Discord', baseOrigin: base.origin, timeoutMs };

  return ({ id, token }: DiscordWebhookRef): DiscordRequester =>
    async (request) => {
      const url = new URL(
        `${root}/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}${request.path ?? ''}`,
      );
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const answer = await fetchFromPlatform(endpoint, url, {
        method: request.method,
        headers: request.json !== undefined ? { 'Content-Type': 'application/json' } : undefined,
        body: request.json !== undefined ? JSON.stringify(request.json) : request.form,
        createsPost: request.createsPost,
      });
      if (answer.status >= 400) throw discordPlatformError({ ...answer, what: request.what });
      return answer;
    };
};
