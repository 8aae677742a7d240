import type { Analytics } from '@agentcast/contracts/analytics';
import { fullCount } from '../../../lib/format-metrics.ts';
import { ChartFigure } from './chart-figure.tsx';
import { hourRange } from '../lib/chart-labels.ts';
import { ChartLegend, HOURLY_LEGEND } from './chart-legend.tsx';
import { HourlyChart } from './lazy-charts.tsx';
import { bestHour, summarizeHours } from '../lib/summarize-figures.ts';

/** "Engagement by hour of day": 24 local hours, which one did best said in words. */
export const HourlyFigure = ({ hours }: { hours: Analytics['by_hour'] }) => {
  const best = bestHour(hours);
  // Before any engagement every bar is flat: there is no best hour to colour.
  const legend = best?.engagement ? HOURLY_LEGEND : HOURLY_LEGEND.filter((item) => item.label !== 'Best hour');
  return (
    <ChartFigure
      title="Engagement by hour of day"
      summary={summarizeHours(hours)}
      legend={<ChartLegend items={legend} />}
      chart={<HourlyChart hours={hours} bestHour={best?.engagement ? best.hour : undefined} />}
      table={{
        columns: ['Hour', 'Engagement', 'Posts'],
        rows: hours.map((hour) => [hourRange(hour.hour), fullCount(hour.engagement), fullCount(hour.posts)]),
      }}
    />
  );
};
