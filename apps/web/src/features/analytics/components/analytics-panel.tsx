import { useState } from 'react';
import { ANALYTICS_MESSAGES, type Analytics } from '@agentcast/contracts/analytics';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { analyticsCsvUrl, useAnalytics, viewerTzOffset, type AnalyticsFilter } from '../api/analytics-query.ts';
import { AnalyticsFilters, type AnalyticsAgent } from './analytics-filters.tsx';
import { AnalyticsTotals } from './analytics-totals.tsx';
import { BestPosts } from './best-posts.tsx';
import { DailyFigure } from './daily-figure.tsx';
import { HourlyFigure } from './hourly-figure.tsx';

export type { AnalyticsAgent };

type PanelProps = {
  agents: readonly AnalyticsAgent[];
  /** Minutes east of UTC; the viewer's own unless a test pins it. */
  tzOffset?: number;
  timeZone?: string;
};

/**
 * Issue 17 §6, the Analytics tab: how the posts of all agents, or of one, did over the last 7, 30 or 90 days —
 * headline totals, posts and engagement per local day, engagement by local hour, the best posts — and the same
 * posts as a CSV file.
 */
export const AnalyticsPanel = ({
  agents,
  tzOffset = viewerTzOffset(),
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
}: PanelProps) => {
  const [chosen, setChosen] = useState<AnalyticsFilter>({ agentId: '', days: 30 });
  // An agent deleted meanwhile is no longer offered: back to all agents.
  const filter = agents.some((agent) => agent.id === chosen.agentId) ? chosen : { ...chosen, agentId: '' };
  const analytics = useAnalytics(filter, tzOffset);
  const hasPosts = (analytics.data?.totals.posts ?? 0) > 0;

  return (
    <section aria-labelledby="analytics-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="analytics-title" className="text-2xl font-bold text-white">
            Analytics
          </h2>
          <p className="mt-1 text-sm text-slate-400">Days and hours in {timeZone}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <AnalyticsFilters agents={agents} filter={filter} onChange={setChosen} />
          {hasPosts && (
            <a href={analyticsCsvUrl(filter, tzOffset)} download className={buttonClasses('secondary')}>
              Download CSV
            </a>
          )}
        </div>
      </div>
      <div className="mt-6">
        {analytics.isPending && (
          <p role="status" className="py-10 text-center text-slate-400">
            Loading analytics…
          </p>
        )}
        {analytics.isError && <Notice tone="error">Could not load analytics: {analytics.error.message}</Notice>}
        {analytics.data && (
          <AnalyticsContent
            analytics={analytics.data}
            showAgent={filter.agentId === ''}
            isUpdating={analytics.isPlaceholderData}
          />
        )}
      </div>
    </section>
  );
};

type ContentProps = { analytics: Analytics; showAgent: boolean; isUpdating: boolean };

const AnalyticsContent = ({ analytics, showAgent, isUpdating }: ContentProps) => (
  // The last figures stay, dimmed, while those of a new period or agent load.
  <div aria-busy={isUpdating} className={`space-y-6 transition-opacity ${isUpdating ? 'opacity-60' : ''}`}>
    {analytics.totals.posts === 0 ? (
      <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-12 text-center">
        <p className="mx-auto max-w-md text-sm text-slate-300">{ANALYTICS_MESSAGES.empty}</p>
      </div>
    ) : (
      <>
        <AnalyticsTotals totals={analytics.totals} />
        <div className="grid gap-4 lg:grid-cols-2">
          <DailyFigure days={analytics.daily} />
          <HourlyFigure hours={analytics.by_hour} />
        </div>
        {analytics.best_posts.length > 0 && <BestPosts posts={analytics.best_posts} showAgent={showAgent} />}
      </>
    )}
  </div>
);
