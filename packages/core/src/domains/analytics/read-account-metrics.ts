import { PlatformError } from '../../integrations/platforms/common/platform.ts';
import type { DuePost } from './claim-due-metrics.ts';
import type { AccountPosts } from './group-by-account.ts';
import { atNextStep, putOff, RETRY_READ_MS, stopped, type MetricsOutcome } from './metrics-outcome.ts';
import type { MetricsServices } from './metrics-services.ts';
import { allowanceKey, holdReads, takeReadAllowance } from './read-allowance.ts';

const batchesOf = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * What a failed read means for the posts not read yet: the account may not be read (stop, and say so to the caller),
 * the platform said to wait (hold every worker's reads of the account until its reset), it failed on its side (try
 * again in a while), or it refused for another reason, like an expired token (the next step, by when the person may
 * have reconnected).
 */
const settleFailedRead = async (
  services: MetricsServices,
  account: AccountPosts,
  { error, unread, now }: { error: unknown; unread: DuePost[]; now: Date },
): Promise<{ outcomes: MetricsOutcome[]; notPermitted: boolean }> => {
  const { adapter, accountId } = account;
  const soon = new Date(now.getTime() + RETRY_READ_MS);
  if (!(error instanceof PlatformError)) {
    services.logger.error({ err: error, platform: adapter.id, accountId }, 'Reading metrics failed unexpectedly');
    return { outcomes: unread.map((post) => putOff(post, soon)), notPermitted: false };
  }
  services.logger.warn(
    { platform: adapter.id, accountId, kind: error.kind, reason: error.reason, status: error.status },
    `Reading metrics failed: ${error.message}`,
  );
  if (error.reason === 'forbidden') return { outcomes: unread.map(stopped), notPermitted: true };
  if (error.reason === 'rate_limited' || error.reason === 'quota_reached') {
    const limit = adapter.metricsReading.limit;
    const until = await holdReads(services.db, {
      platform: adapter.id,
      key: allowanceKey(limit, accountId),
      limit,
      now,
      until: error.retryAt,
    });
    return { outcomes: unread.map((post) => putOff(post, until)), notPermitted: false };
  }
  if (error.kind !== 'permanent') return { outcomes: unread.map((post) => putOff(post, soon)), notPermitted: false };
  return { outcomes: unread.map((post) => atNextStep(post, now)), notPermitted: false };
};

/**
 * Reads one account's due posts in the platform's batches, the requests taken from the account's allowance first
 * (or the app's, for a project-wide quota): what the allowance cannot cover now waits for its next window. A post the
 * platform no longer has stops being read. `requests`: how many were made.
 */
export const readAccountMetrics = async (services: MetricsServices, account: AccountPosts, now: Date) => {
  const { adapter, accountId, credentials } = account;
  const { batchSize, limit } = adapter.metricsReading;
  const key = allowanceKey(limit, accountId);
  const outcomes: MetricsOutcome[] = [];
  const batches = batchesOf(account.posts, batchSize);
  // One request a batch, taken from the allowance together: what it cannot cover now waits for it to renew.
  const allowance = await takeReadAllowance(services.db, { platform: adapter.id, key, limit, now }, batches.length);
  outcomes.push(
    ...batches
      .slice(allowance.granted)
      .flat()
      .map((post) => putOff(post, allowance.retryAt)),
  );
  let requests = 0;
  for (const [index, batch] of batches.slice(0, allowance.granted).entries()) {
    requests += 1;
    try {
      const metrics = await adapter.readMetrics(
        credentials,
        batch.map((post) => post.postId ?? ''),
      );
      for (const post of batch) {
        const read = metrics.get(post.postId ?? '');
        outcomes.push(read ? { post, kind: 'read', metrics: read } : stopped(post));
      }
    } catch (error) {
      const unread = batches.slice(index, allowance.granted).flat();
      const settled = await settleFailedRead(services, account, { error, unread, now });
      return { outcomes: [...outcomes, ...settled.outcomes], notPermitted: settled.notPermitted, requests };
    }
  }
  return { outcomes, notPermitted: false, requests };
};
