import { ANALYTICS_MESSAGES, PLATFORMS_WITHOUT_METRICS, type Analytics } from '@agentcast/contracts/analytics';
import { platformName } from '@agentcast/contracts/publishing';
import { fullCount } from '../../../lib/format-metrics.ts';
import { plural } from '../lib/summarize-figures.ts';

/**
 * Platforms that report no impressions, views or reach (see the contract's postMetricsSchema): LinkedIn and Bluesky,
 * and those that report nothing at all.
 */
const WITHOUT_EXPOSURE = new Set(['linkedin', 'bluesky', ...PLATFORMS_WITHOUT_METRICS]);

type Totals = Analytics['totals'];

type StatProps = { label: string; value: string; note?: string; className?: string };

const Stat = ({ label, value, note, className = '' }: StatProps) => (
  <div className={`min-w-0 rounded-2xl border border-ink-700 bg-ink-950/40 px-4 py-3 ${className}`}>
    <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
    <dd className="mt-1 text-2xl font-bold text-white tabular-nums">{value}</dd>
    {note && <dd className="mt-1 text-xs text-slate-400">{note}</dd>}
  </div>
);

/** The period's headline figures, then each platform's posts and engagement. */
export const AnalyticsTotals = ({ totals }: { totals: Totals }) => {
  const platforms = Object.entries(totals.platforms).sort(([, a], [, b]) => b.posts - a.posts);
  const silent = platforms.filter(([platform]) => WITHOUT_EXPOSURE.has(platform));
  const allSilent = platforms.length > 0 && silent.length === platforms.length;
  return (
    <div>
      {/* Two abreast on a phone, the third under them: three in a row leave no room for the labels. */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Totals">
        <Stat label="Posts" value={fullCount(totals.posts)} />
        <Stat label="Engagement" value={fullCount(totals.engagement)} note="Likes, reposts, replies, comments…" />
        <Stat
          label="Impressions & views"
          className="col-span-2 sm:col-span-1"
          value={allSilent ? 'Not reported' : fullCount(totals.exposure)}
          note={silent.map(([platform]) => ANALYTICS_MESSAGES.notReported(platformName(platform))).join(' ')}
        />
      </dl>
      {platforms.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="By platform">
          {platforms.map(([platform, figures]) => (
            <li key={platform} className="rounded-lg bg-ink-800 px-2.5 py-1 text-slate-300">
              <span className="font-semibold text-slate-100">{platformName(platform)}</span>:{' '}
              {plural(figures.posts, 'post', 'posts')} ·{' '}
              {PLATFORMS_WITHOUT_METRICS.includes(platform)
                ? ANALYTICS_MESSAGES.noCounts(platformName(platform))
                : plural(figures.engagement, 'engagement', 'engagements')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
