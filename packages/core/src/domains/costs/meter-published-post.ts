import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { Database } from '@agentcast/db/client';
import type { Logger } from 'pino';
import { coalescePerHandle } from '../../kernel/coalesce-calls.ts';
import { recordManyPlatformCalls, xPostCall, type PlatformCalls } from './record-platform-calls.ts';

/** Posts counted at the same moment (a batch published together) are written in one statement. */
const recordTogether = coalescePerHandle(async (db: Database, _group: string, calls: PlatformCalls[]) => {
  await recordManyPlatformCalls(db, calls);
  return calls.map(() => undefined);
});

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
    run: { workspaceId: string; agentId: string };
  },
) => {
  if (platform !== 'x') return;
  try {
    await recordTogether(services.db, {
      workspaceId: run.workspaceId,
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
