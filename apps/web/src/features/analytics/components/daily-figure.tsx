import type { Analytics } from '@agentcast/contracts/analytics';
import { fullCount } from '../../../lib/format-metrics.ts';
import { ChartFigure } from './chart-figure.tsx';
import { longDayLabel } from '../lib/chart-labels.ts';
import { ChartLegend, DAILY_LEGEND } from './chart-legend.tsx';
import { DailyChart } from './lazy-charts.tsx';
import { summarizeDays } from '../lib/summarize-figures.ts';

/** "Posts and engagement per day": the period's local days, oldest first. */
export const DailyFigure = ({ days }: { days: Analytics['daily'] }) => (
  <ChartFigure
    title="Posts and engagement per day"
    summary={summarizeDays(days)}
    legend={<ChartLegend items={DAILY_LEGEND} />}
    chart={<DailyChart days={days} />}
    table={{
      columns: ['Day', 'Posts', 'Engagement'],
      rows: days.map((day) => [longDayLabel(day.date), fullCount(day.posts), fullCount(day.engagement)]),
    }}
  />
);
