import { z } from 'zod';
import { PUBLIC, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** Where Telegram delivers the messages of connected bots; the server sets it with setWebhook, never a person. */
export const telegramRoutes = {
  webhook: defineRoute({
    method: 'post',
    path: '/api/telegram/webhook/{secret}',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary:
      'A Telegram Update for a connected bot (Telegram calls it; authorized by the secret in the path and in X-Telegram-Bot-Api-Secret-Token)',
    request: {
      params: z.object({ secret: z.string() }),
      headers: z.object({ 'x-telegram-bot-api-secret-token': z.string().optional() }),
      body: {
        ...jsonContent(z.object({ update_id: z.number().int() }).loose(), 'The Update, as the Bot API sends it'),
        required: true,
      },
    },
    responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), 'Kept'), ...errorResponses(400, 401) },
  }),
};
