import { PlatformError } from '../common/platform.ts';
import { createDiscordRequester, type DiscordRequester } from './discord-requester.ts';
import { parseDiscordWebhookUrl } from './discord-webhook-url.ts';

/** What a connection keeps of a channel webhook: the token is its secret, the rest names where it posts. */
export type DiscordWebhook = {
  webhookId: string;
  token: string;
  name: string;
  channelId: string;
  guildId: string | null;
};

const COPY_THE_URL =
  'In Discord, open Server Settings → Integrations → Webhooks (or the channel’s own Integrations settings), choose the webhook, press “Copy Webhook URL” and paste it here.';

/** Discord names a webhook without a name this way in its settings. */
const UNNAMED = 'Webhook';

/**
 * The webhook as Discord describes it (`GET /webhooks/{id}/{token}`): its name, channel and server. Asked before
 * each post too, so a webhook deleted since it was connected fails here, before anything is sent.
 */
export const readDiscordWebhook = async (call: DiscordRequester) => {
  const { body } = await call({ method: 'GET', what: 'the request for the webhook' });
  const webhook = (body ?? {}) as { name?: unknown; channel_id?: unknown; guild_id?: unknown };
  if (typeof webhook.channel_id !== 'string')
    throw new PlatformError(
      'discord',
      'transient',
      'platform_unavailable',
      'Discord answered the request for the webhook with something this app could not read.',
    );
  return {
    name: typeof webhook.name === 'string' && webhook.name ? webhook.name : UNNAMED,
    channelId: webhook.channel_id,
    guildId: typeof webhook.guild_id === 'string' ? webhook.guild_id : null,
  };
};

/**
 * Checks a channel webhook URL a person pasted when connecting Discord: that it is one (under the configured API),
 * and that Discord knows the webhook. Refusals are sentences saying where to copy the URL from.
 */
export const checkDiscordWebhook = async ({
  apiBaseUrl,
  webhookUrl,
  timeoutMs,
}: {
  apiBaseUrl: string;
  webhookUrl: string;
  timeoutMs: number;
}): Promise<DiscordWebhook> => {
  const ref = parseDiscordWebhookUrl(webhookUrl, apiBaseUrl);
  if (!ref)
    throw new PlatformError(
      'discord',
      'permanent',
      'rejected',
      `This is not a Discord webhook URL (it looks like https://discord.com/api/webhooks/…). ${COPY_THE_URL}`,
    );
  const call = createDiscordRequester({ apiBaseUrl, timeoutMs })(ref);
  try {
    const webhook = await readDiscordWebhook(call);
    return { webhookId: ref.id, token: ref.token, ...webhook };
  } catch (error) {
    if (!(error instanceof PlatformError) || error.reason !== 'reconnect_required') throw error;
    throw new PlatformError(
      'discord',
      'permanent',
      'rejected',
      `Discord does not know this webhook: it was deleted, or its URL was changed. ${COPY_THE_URL}`,
      { status: error.status, cause: error },
    );
  }
};
