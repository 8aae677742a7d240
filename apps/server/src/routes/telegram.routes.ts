import { telegramRoutes } from '@agentcast/contracts/api/telegram-routes';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { TelegramUpdate } from '@agentcast/core/integrations/platforms/telegram/telegram-update-post';
import type { Services } from '../compose/start-services.ts';
import { createApiRouter } from '../http/api-router.ts';

/**
 * Telegram's calls to a connected bot's webhook (set where the server has a public https address): each Update is
 * kept for the agents that answer through the bot, which read it on their next look. A call without this server's
 * secret for the bot is refused, so nobody else can put words in a bot's inbox.
 */
export const createTelegramRoutes = ({ telegramWebhook }: Pick<Services, 'telegramWebhook'>) =>
  createApiRouter().openapi(telegramRoutes.webhook, async (c) => {
    const kept = await telegramWebhook.receive(
      c.req.valid('param').secret,
      c.req.valid('header')['x-telegram-bot-api-secret-token'],
      c.req.valid('json') as TelegramUpdate,
    );
    if (!kept) throw new AppError('UNAUTHENTICATED', 'This is not a webhook of this server’s Telegram bots.');
    return c.json({ ok: true as const }, 200);
  });
