import type { FakeReply } from './platform-fake-kit.ts';

/** Someone on Telegram who writes to a bot: in a group it is in, under a channel's post, or in a private chat. */
export type TelegramFakePerson = { id: string; firstName: string; lastName?: string; username?: string };

type Update = { update_id: number; message: unknown };
type Webhook = { url: string; secret?: string };

const ok = (result: unknown): FakeReply => ({ status: 200, json: { ok: true, result } });
const conflict = (description: string): FakeReply => ({
  status: 409,
  json: { ok: false, error_code: 409, description: `Conflict: ${description}` },
});

/** Telegram's mention entities for the @usernames a text holds (offsets in UTF-16 units, as Telegram counts). */
export const mentionEntities = (text: string) =>
  [...text.matchAll(/@[A-Za-z0-9_]{5,32}/g)].map((match) => ({
    type: 'mention',
    offset: match.index,
    length: match[0].length,
  }));

/**
 * How the fake hands a bot its updates, as the Bot API does: queued per bot and fetched with getUpdates (an offset
 * confirms, and drops, what came before it), or POSTed to the webhook setWebhook named, with the secret token in
 * `X-Telegram-Bot-Api-Secret-Token`, in order, kept until the webhook answers 2xx. getUpdates is refused while a
 * webhook is set. Unlike Telegram, an http loopback URL is taken as a webhook, so tests can receive it.
 */
export const createTelegramFakeUpdates = () => {
  const queues = new Map<string, Update[]>();
  const webhooks = new Map<string, Webhook>();
  let nextUpdateId = 800_000_000;

  const flush = async (botId: string) => {
    const webhook = webhooks.get(botId);
    const queue = queues.get(botId) ?? [];
    while (webhook && queue[0]) {
      const answer = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(webhook.secret && { 'x-telegram-bot-api-secret-token': webhook.secret }),
        },
        body: JSON.stringify(queue[0]),
      }).catch(() => undefined);
      if (!answer?.ok) return;
      queue.shift();
    }
  };

  return {
    webhookOf: (botId: string) => webhooks.get(botId),
    /** Queues a message for each bot that receives it, and delivers it where a webhook is set. */
    deliver: async (botIds: string[], message: unknown) => {
      for (const botId of botIds) {
        const queue = queues.get(botId) ?? [];
        queue.push({ update_id: (nextUpdateId += 1), message });
        queues.set(botId, queue);
        await flush(botId);
      }
    },
    getUpdates: (botId: string, params: Record<string, unknown>) => {
      if (webhooks.has(botId))
        return conflict(
          "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      const queue = (queues.get(botId) ?? []).filter(
        (update) => typeof params.offset !== 'number' || update.update_id >= params.offset,
      );
      queues.set(botId, queue);
      const limit = typeof params.limit === 'number' ? Math.min(Math.max(params.limit, 1), 100) : 100;
      return ok(queue.slice(0, limit));
    },
    setWebhook: (botId: string, params: Record<string, unknown>) => {
      if (typeof params.url !== 'string' || !/^https?:\/\//.test(params.url))
        return {
          status: 400,
          json: {
            ok: false,
            error_code: 400,
            description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
          },
        };
      webhooks.set(botId, {
        url: params.url,
        ...(typeof params.secret_token === 'string' && { secret: params.secret_token }),
      });
      void flush(botId);
      return ok(true);
    },
    deleteWebhook: (botId: string) => {
      webhooks.delete(botId);
      return ok(true);
    },
  };
};
