/**
 * The charts' colours on the dark theme (ink-900), each at least 3:1 against it as WCAG 1.4.11 asks of graphics,
 * the text far above 4.5:1. Series differ in shape too (bars, a line), not in colour alone.
 */
export const CHART_COLORS = {
  posts: '#a78bfa', // brand-400
  engagement: '#22d3ee', // signal-400
  bestHour: '#fbbf24', // amber-400
  tick: '#94a3b8', // slate-400
  grid: '#1e2740', // ink-700
  axis: '#2c3858', // ink-600
  cursor: 'rgba(148, 163, 184, 0.12)',
} as const;

/** Ticks readable at 375 px: small, but not smaller than the app's own xs text. */
export const TICK_STYLE = { fill: CHART_COLORS.tick, fontSize: 12 } as const;

/** The chart's height at every width: the width follows the container. */
export const CHART_HEIGHT = 240;
