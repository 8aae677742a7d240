import type { ReactNode } from 'react';
import type { UsageSummary } from '@agentcast/contracts/publishing';
import { Notice } from '../../../components/ui/notice.tsx';
import { useUsage } from '../api/usage-query.ts';

const allowance = (used: number, limit: number | null) =>
  limit === null ? `${used} (unlimited)` : `${used} of ${limit}`;

const PlanFigures = ({ usage }: { usage: UsageSummary }) => (
  <dl className="grid gap-2 text-sm sm:grid-cols-3">
    {[
      ['Posts today', allowance(usage.today.posts, usage.limits.postsPerDay)],
      ['Replies today', allowance(usage.today.replies, usage.limits.repliesPerDay)],
      ['Connected accounts', allowance(usage.connectedAccounts, usage.limits.accounts)],
    ].map(([term, value]) => (
      <div key={term} className="rounded-lg border border-ink-700 bg-ink-900/60 px-3 py-2">
        <dt className="text-xs text-slate-400">{term}</dt>
        <dd className="font-semibold text-white">{value}</dd>
      </div>
    ))}
  </dl>
);

/**
 * Settings → Plan (issue 36 §7): the workspace's plan, which every member's agents share, with today's posts and
 * replies and the connected accounts against its limits (spec §9); below them, how it is paid for (`children`).
 */
export const PlanSection = ({ children }: { children?: ReactNode }) => {
  const usage = useUsage();
  return (
    <section aria-labelledby="plan-title" className="space-y-4 rounded-xl border border-ink-700 p-5">
      <div>
        <h2 id="plan-title" className="text-xl font-semibold text-white">
          {usage.data ? `${usage.data.plan.name} plan` : 'Plan'}
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          The plan belongs to this workspace: all its members’ agents share its posts, replies and accounts. Today’s
          counts start again at midnight UTC.
        </p>
      </div>
      {usage.data && <PlanFigures usage={usage.data} />}
      {usage.isPending && <p className="text-sm text-slate-400">Reading the plan…</p>}
      {usage.isError && <Notice tone="error">{`The plan could not be read: ${usage.error.message}`}</Notice>}
      {children}
    </section>
  );
};
