import { benchMetricsCollection, type PlatformLoad, type ScenarioResult } from './metrics.ts';
import { met, type Row } from './rows.ts';

const NAMES: Record<PlatformLoad['platform'], string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
};
const WINDOWS: Record<number, string> = { 900_000: '15 min', 3_600_000: 'hour', 86_400_000: 'day' };
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

const scenarioRows = (label: string, result: ScenarioResult): Row[] => [
  ...result.platforms.map((load) => {
    const window = WINDOWS[load.limit.windowMs] ?? `${load.limit.windowMs} ms`;
    const whose = load.limit.per === 'app' ? 'app' : 'account';
    return {
      figure: `${label}: ${NAMES[load.platform]} metrics requests at peak`,
      value: `${thousands(load.peakPerMinute)}/min in all, ${load.peakPerMinutePerAccount}/min per account; ${thousands(load.peakInLimitWindow)} per ${window} per ${whose} (${thousands(load.requests)} in all)`,
      goal: `≤ ${thousands(load.limit.requests)} per ${window} per ${whose}`,
      result: met(load.peakInLimitWindow <= load.limit.requests),
    };
  }),
  ...result.platforms
    .filter((load) => load.platform === 'x')
    .map((load) => ({
      figure: `${label}: X GET /2/tweets, every account together`,
      value: `${load.peakAppPer15Min} per 15 min`,
      goal: '≤ 450 per 15 min per app (app-only tokens)',
      result: met(load.peakAppPer15Min <= 450),
    })),
  {
    figure: `${label}: posts read a second (PGlite, loopback fakes)`,
    value: `${Math.round(result.postsPerSecond)} posts/s (${thousands(result.readings)} readings of ${thousands(result.deliveries)} posts)`,
    goal: '',
    result: '',
  },
];

/** Issue 17 §6: what reading 10,000 published posts' metrics asks of each platform, against its limits. */
export const metricsRows = async (): Promise<Row[]> => {
  const { day, burst } = await benchMetricsCollection({ posts: 10_000, accounts: 100 });
  return [
    ...scenarioRows('10,000 posts of hourly agents over a day, read for 7 days', day),
    ...scenarioRows('10,000 posts published in one minute, first reading', burst),
  ];
};
