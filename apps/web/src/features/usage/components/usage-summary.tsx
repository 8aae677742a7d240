import type { UsageSummary as Usage } from '@agentcast/contracts/publishing';
import { MORE_POSTS_HELP } from '@agentcast/contracts/quota-messages';
import { useUsage } from '../api/usage-query.ts';
import { CostMeter } from './cost-meter.tsx';

const describe = (used: number, limit: number | null, noun: string) =>
  limit === null ? `${used} ${noun} (unlimited)` : `${used} of ${limit} ${noun}`;

/** The usage line alone, for the dashboard and its tests. */
export const UsageLine = ({ usage }: { usage: Usage }) => {
  const isPostsUsedUp = usage.limits.postsPerDay !== null && usage.today.posts >= usage.limits.postsPerDay;
  return (
    <p className="text-sm text-slate-300" data-testid="usage-summary">
      <span className="font-semibold text-white">{usage.plan.name} plan</span>
      {' · Today: '}
      <span className={isPostsUsedUp ? 'text-amber-200' : undefined}>
        {describe(usage.today.posts, usage.limits.postsPerDay, 'posts')}
      </span>
      {' · '}
      {describe(usage.today.replies, usage.limits.repliesPerDay, 'replies')}
      <span className="text-slate-400"> · resets at midnight UTC</span>
      {isPostsUsedUp && <span className="block text-slate-300">{MORE_POSTS_HELP}</span>}
    </p>
  );
};

/**
 * Spec §9 quotas on the dashboard: the plan, today's posts and replies against its limits. The box is there from the
 * start, so the agents below do not move (under a pointer about to click) when the usage arrives.
 */
export const UsageSummary = () => {
  const usage = useUsage();
  return (
    <div className="mb-6 rounded-xl border border-ink-700 bg-ink-900/60 px-4 py-3" aria-busy={usage.isPending}>
      {usage.data ? (
        <UsageLine usage={usage.data} />
      ) : (
        <p className="text-sm text-slate-400">
          {usage.isError ? 'Today’s usage could not be read.' : 'Reading today’s usage…'}
        </p>
      )}
      <CostMeter />
    </div>
  );
};
