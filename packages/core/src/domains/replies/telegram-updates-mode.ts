import type { TelegramUpdatesMode } from '../../integrations/platforms/telegram/telegram-conversations.ts';
import { telegramWebhookSecret } from './telegram-update-store.ts';

/** TELEGRAM_UPDATES: how Telegram's messages reach this server; `auto` picks by the public address. */
export type TelegramUpdatesSetting = 'auto' | 'webhook' | 'polling';

/** Whether Telegram can call this address: https, and not this machine's own name. */
const isPublicHttps = (publicUrl: string) => {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === 'https:' && !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(hostname);
};

/**
 * Where connected bots' messages come from (issue 34 §1): a webhook at `{PUBLIC_URL}/api/telegram/webhook/{secret}`
 * when Telegram can reach the server (a public https address), else long polling with getUpdates — and the sentence
 * the start-up log says it with.
 */
export const chooseTelegramUpdatesMode = ({
  publicUrl,
  setting,
  key,
}: {
  publicUrl: string;
  setting: TelegramUpdatesSetting;
  key: string;
}): { mode: TelegramUpdatesMode; description: string } => {
  const useWebhook = setting === 'webhook' || (setting === 'auto' && isPublicHttps(publicUrl));
  if (!useWebhook)
    return {
      mode: { kind: 'polling' },
      description:
        setting === 'polling'
          ? 'Telegram: reading bots’ messages with long polling (getUpdates), as TELEGRAM_UPDATES=polling asks'
          : `Telegram: reading bots’ messages with long polling (getUpdates): ${publicUrl} is not a public https address Telegram could call`,
    };
  const base = `${publicUrl.replace(/\/+$/, '')}/api/telegram/webhook/`;
  return {
    mode: {
      kind: 'webhook',
      urlFor: (botId) => `${base}${telegramWebhookSecret(key, botId)}`,
      secretFor: (botId) => telegramWebhookSecret(key, botId),
    },
    description: `Telegram: receiving bots’ messages by webhook at ${base}{secret}`,
  };
};
