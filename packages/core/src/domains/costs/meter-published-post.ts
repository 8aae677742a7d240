import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import type { Logger } from 'pino';
import { recordPlatformCalls, xPostCall } from './record-platform-calls.ts';

/**
 * Counts a post that is now on its platform, when the platform bills for it (X). Called wherever a delivery
 * becomes `posted`: after the platform answered, and when reconciling found the post an unanswered attempt made.
 * A post counted twice in a day (a repeated reconcile) is counted once.
 */
export const meterPublishedPost = async (
  services: { db: Database; logger: Logger; now: () => Date; prices?: PlatformPrices },
  {
    platform,
    postId,
    text,
    run,
  }: {
    platform: string;
    postId: string;
    /** What was posted (a thread's part, numbering included): a link in it makes the post dearer. */
    text: string;
    run: { userId: string; agentId: string };
  },
) => {
  if (platform !== 'x') return;
  try {
    await recordPlatformCalls(services.db, {
      userId: run.userId,
      agentId: run.agentId,
      call: xPostCall(text),
      resourceIds: [postId],
      prices: services.prices,
      now: services.now(),
    });
  } catch (error) {
    services.logger.warn({ err: error, agentId: run.agentId, postId }, 'Could not count a post in the cost meter');
  }
};
