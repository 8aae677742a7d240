import {
  POSTING_HOURS,
  needsSpread,
  postShares,
  spreadTimes,
  type ScheduleSpread,
} from '@agentcast/contracts/posting-day';
import { jitterFor } from './slot-times.ts';

/** One of the account's post schedules, in the order its agents were made. */
export type SpreadCandidate = { agentId: string; intervalMs: number };

export type PlannedSpread = { spread: ScheduleSpread | null; jitterMs: number };

/**
 * How each of an account's post schedules runs: the plan's posts a day are shared by its agents (postShares), and
 * an agent whose interval would make more slots a day than its share posts its share at times spread over the
 * posting hours of the account's time zone instead (no run of slots skipped over the quota); the others keep their
 * interval. No limit: every agent keeps its interval.
 */
export const planSpreads = (
  schedules: SpreadCandidate[],
  { postsPerDay, zone }: { postsPerDay: number | null; zone: string },
): Map<string, PlannedSpread> => {
  const shares = postsPerDay === null ? [] : postShares(postsPerDay, schedules.length);
  return new Map(
    schedules.map(({ agentId, intervalMs }, index): [string, PlannedSpread] => {
      const share = shares[index];
      if (share === undefined || !needsSpread(intervalMs, share))
        return [agentId, { spread: null, jitterMs: jitterFor(agentId, intervalMs) }];
      const spacingMs = ((POSTING_HOURS.end - POSTING_HOURS.start) * 1000) / share;
      return [
        agentId,
        {
          spread: { zone, times: spreadTimes(share, index, schedules.length) },
          jitterMs: jitterFor(agentId, spacingMs),
        },
      ];
    }),
  );
};
