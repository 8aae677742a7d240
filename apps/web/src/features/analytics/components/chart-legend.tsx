import { CHART_COLORS } from '../lib/chart-colors.ts';

type LegendItem = { label: string; color: string; shape: 'bar' | 'line' };

/** What each colour and shape of a chart stands for, in text beside a sample of it. */
export const ChartLegend = ({ items }: { items: readonly LegendItem[] }) => (
  <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300" aria-label="Legend">
    {items.map((item) => (
      <li key={item.label} className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={item.shape === 'bar' ? 'h-3 w-3 rounded-sm' : 'h-0.5 w-4 rounded-full'}
          style={{ backgroundColor: item.color }}
        />
        {item.label}
      </li>
    ))}
  </ul>
);

export const DAILY_LEGEND = [
  { label: 'Posts (bars, left axis)', color: CHART_COLORS.posts, shape: 'bar' },
  { label: 'Engagement (line, right axis)', color: CHART_COLORS.engagement, shape: 'line' },
] as const;

export const HOURLY_LEGEND = [
  { label: 'Engagement', color: CHART_COLORS.engagement, shape: 'bar' },
  { label: 'Best hour', color: CHART_COLORS.bestHour, shape: 'bar' },
] as const;
