/** Discord's own API, where a webhook URL copied from Discord points. */
export const DISCORD_API_BASE_URL = 'https://discord.com/api';

/** The hosts that serve Discord's API: the old domain and the test clients' hosts answer the same webhooks. */
const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);

/** After the API's path: an optional version (/v10), then /webhooks/{id}/{token}; the id is a snowflake. */
const WEBHOOK_PATH = /^(?:\/v\d+)?\/webhooks\/(\d{1,20})\/([\w-]+)$/;

const withoutTrailingSlashes = (path: string) => path.replace(/\/+$/, '');

/** The URL a person pasted, or null when it is not a URL at all. */
const asUrl = (value: string) => {
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
};

/** Whether the pasted URL is on the configured API's host: any of Discord's hosts when it is the real API. */
const isOnApiHost = (url: URL, base: URL) => {
  if (url.username || url.password) return false;
  const isRealApi = `${base.origin}${withoutTrailingSlashes(base.pathname)}` === DISCORD_API_BASE_URL;
  if (!isRealApi) return url.origin === base.origin;
  return url.protocol === 'https:' && url.port === '' && DISCORD_HOSTS.has(url.hostname);
};

/**
 * The webhook a channel webhook URL names (Server Settings → Integrations → Webhooks → Copy Webhook URL), or null
 * when the text is not one. Only URLs under the configured API are taken (tests point it at a loopback fake), so a
 * pasted address can never send the webhook's token anywhere else. The query and a trailing slash do not matter.
 */
export const parseDiscordWebhookUrl = (value: string, apiBaseUrl: string): { id: string; token: string } | null => {
  const url = asUrl(value);
  const base = asUrl(apiBaseUrl);
  if (!url || !base || !isOnApiHost(url, base)) return null;
  const basePath = withoutTrailingSlashes(base.pathname);
  const path = withoutTrailingSlashes(url.pathname);
  if (!path.startsWith(`${basePath}/`)) return null;
  const match = WEBHOOK_PATH.exec(path.slice(basePath.length));
  return match?.[1] && match[2] ? { id: match[1], token: match[2] } : null;
};
