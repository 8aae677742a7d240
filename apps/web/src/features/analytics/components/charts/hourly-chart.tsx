import { Bar, BarChart, CartesianGrid, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '@agentcast/contracts/analytics';
import { compactCount } from '../../../../lib/format-metrics.ts';
import { hourLabel, hourRange } from '../../lib/chart-labels.ts';
import { plural } from '../../lib/summarize-figures.ts';
import { CHART_COLORS, CHART_HEIGHT, TICK_STYLE } from '../../lib/chart-colors.ts';
import { ChartFrame } from './chart-frame.tsx';
import { ChartTooltip } from './chart-tooltip.tsx';

type HourlyChartProps = { hours: Analytics['by_hour']; bestHour: number | undefined };

/** Every third hour offered as a label; on a phone those that would touch are left out (every sixth shows). */
const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21];

/**
 * Engagement by hour of the viewer's day, 24 bars, the best hour in its own colour (the figure says which in words
 * too). A lazy chunk with the chart library, drawn at once, as the daily chart is.
 */
export const HourlyChart = ({ hours, bestHour }: HourlyChartProps) => (
  <ChartFrame>
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={hours} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis
          dataKey="hour"
          ticks={HOUR_TICKS}
          interval="preserveStart"
          minTickGap={8}
          tickFormatter={hourLabel}
          tick={TICK_STYLE}
          stroke={CHART_COLORS.axis}
          tickLine={false}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={compactCount}
          tick={TICK_STYLE}
          stroke={CHART_COLORS.axis}
          tickLine={false}
          width={40}
        />
        <Tooltip
          cursor={{ fill: CHART_COLORS.cursor }}
          content={({ active, activeIndex }) => {
            const hour = active ? hours[Number(activeIndex)] : undefined;
            return hour ? (
              <ChartTooltip
                title={hourRange(hour.hour)}
                lines={[plural(hour.engagement, 'engagement', 'engagements'), plural(hour.posts, 'post', 'posts')]}
              />
            ) : null;
          }}
        />
        <Bar
          dataKey="engagement"
          name="Engagement"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
          shape={(props) => (
            <Rectangle
              {...props}
              fill={hours[props.index]?.hour === bestHour ? CHART_COLORS.bestHour : CHART_COLORS.engagement}
            />
          )}
        />
      </BarChart>
    </ResponsiveContainer>
  </ChartFrame>
);
