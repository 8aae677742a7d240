import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '@agentcast/contracts/analytics';
import { compactCount } from '../../../../lib/format-metrics.ts';
import { dayLabel, longDayLabel } from '../../lib/chart-labels.ts';
import { plural } from '../../lib/summarize-figures.ts';
import { CHART_COLORS, CHART_HEIGHT, TICK_STYLE } from '../../lib/chart-colors.ts';
import { ChartFrame } from './chart-frame.tsx';
import { ChartTooltip } from './chart-tooltip.tsx';

type DailyChartProps = { days: Analytics['daily'] };

/**
 * Posts per day as bars (left axis) and their engagement as a line (right axis), the viewer's local days. A lazy
 * chunk with the chart library: only the Analytics tab loads it. The picture is for sighted readers; the figure
 * around it carries the same figures in words and in a table. Drawn at once, not grown: recharts grows a chart from
 * nothing again on every resize, so a turned phone or a screenshot would catch it empty.
 */
export const DailyChart = ({ days }: DailyChartProps) => (
  <ChartFrame>
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <ComposedChart data={days} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={dayLabel}
          tick={TICK_STYLE}
          stroke={CHART_COLORS.axis}
          tickLine={false}
          minTickGap={12}
        />
        <YAxis
          yAxisId="posts"
          allowDecimals={false}
          tick={TICK_STYLE}
          stroke={CHART_COLORS.axis}
          tickLine={false}
          width={32}
        />
        <YAxis
          yAxisId="engagement"
          orientation="right"
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
            const day = active ? days[Number(activeIndex)] : undefined;
            return day ? (
              <ChartTooltip
                title={longDayLabel(day.date)}
                lines={[plural(day.posts, 'post', 'posts'), plural(day.engagement, 'engagement', 'engagements')]}
              />
            ) : null;
          }}
        />
        <Bar
          yAxisId="posts"
          dataKey="posts"
          name="Posts"
          fill={CHART_COLORS.posts}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Line
          yAxisId="engagement"
          dataKey="engagement"
          name="Engagement"
          type="monotone"
          stroke={CHART_COLORS.engagement}
          strokeWidth={2}
          dot={false}
          activeDot={{ r: 4, fill: CHART_COLORS.engagement }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  </ChartFrame>
);
