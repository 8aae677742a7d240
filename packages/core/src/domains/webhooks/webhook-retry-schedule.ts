import type { WebhookTiming } from './webhook-services.ts';

/**
 * When a failed delivery is tried next, after `attempts` tries (the one just made included): the schedule's next
 * wait, but never past the retry window counted from the event; null once the schedule or the window is used up.
 */
export const nextWebhookAttemptAt = (
  { attempts, createdAt, now }: { attempts: number; createdAt: Date; now: Date },
  timing: Pick<WebhookTiming, 'retryDelaysMs' | 'retryWindowMs'>,
) => {
  const delay = timing.retryDelaysMs[attempts - 1];
  const deadline = createdAt.getTime() + timing.retryWindowMs;
  if (delay === undefined || now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + delay, deadline));
};
