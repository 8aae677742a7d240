import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { collectDueMetrics, DEFAULT_COLLECT_OPTIONS } from '@agentcast/core/domains/analytics/collect-due-metrics';
import type { MetricsServices } from '@agentcast/core/domains/analytics/metrics-services';
import { createAccessesResolver } from '@agentcast/core/domains/runs/publish/create-access-resolver';
import { createEventBus } from '@agentcast/core/integrations/events/event-bus';
import { createCredentialSignIns } from '@agentcast/core/integrations/platforms/credential-sign-ins';
import { createOAuthProviders } from '@agentcast/core/integrations/oauth/create-oauth-providers';
import type { MetricsReadLimit, PublishingPlatform } from '@agentcast/core/integrations/platforms/common/platform';
import { createPlatforms } from '@agentcast/core/integrations/platforms/create-platforms';
import { createSecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import { openDatabase } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { queryRows } from '@agentcast/db/query-rows';
import { startInstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import { startLinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { startXApiFake } from '@agentcast/test-fakes/x-api-fake';
import { startYouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';
import { METRICS_PLATFORMS, seedPublishedPosts, type MetricsPlatform } from './metrics-seed.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** How often a worker's metrics loop looks (DEFAULT_METRICS_COLLECTOR_OPTIONS.everyMs). */
const TICK_MS = 30_000;
const START = new Date('2026-11-02T00:00:00Z');

/** Requests per simulated minute: per platform account, and per platform in all. */
type RequestLog = Map<string, Map<number, number>>;

export type PlatformLoad = {
  platform: MetricsPlatform;
  limit: MetricsReadLimit;
  requests: number;
  peakPerMinute: number;
  peakPerMinutePerAccount: number;
  /** The most requests in any one of the platform's windows (sliding, by the minute), where the limit counts them. */
  peakInLimitWindow: number;
  /** X: all accounts' requests in any 15 minutes, against the per-app limit of app-only tokens. */
  peakAppPer15Min: number;
};
export type ScenarioResult = {
  deliveries: number;
  readings: number;
  /** Wall-clock time spent collecting, and what it read. */
  postsPerSecond: number;
  platforms: PlatformLoad[];
};

const add = (log: RequestLog, key: string, minute: number) => {
  const minutes = log.get(key) ?? new Map<number, number>();
  minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
  log.set(key, minutes);
};

/** The most requests within any `windowMinutes` consecutive minutes. */
const peakInWindow = (minutes: Map<number, number> | undefined, windowMinutes: number) => {
  const entries = [...(minutes ?? new Map<number, number>()).entries()].sort(([a], [b]) => a - b);
  let peak = 0;
  let sum = 0;
  let first = 0;
  for (const [minute, requests] of entries) {
    sum += requests;
    while (entries[first]![0] <= minute - windowMinutes) sum -= entries[first++]![1];
    peak = Math.max(peak, sum);
  }
  return peak;
};

/** The adapters, each `readMetrics` call (one request) logged at the simulated minute it was made. */
const countingPlatforms = (
  platforms: ReadonlyMap<string, PublishingPlatform>,
  now: () => Date,
  { perAccount, perPlatform }: { perAccount: RequestLog; perPlatform: RequestLog },
) =>
  new Map(
    [...platforms].map(([id, platform]) => {
      const read = platform.readMetrics;
      if (!read) return [id, platform];
      const counted: PublishingPlatform = {
        ...platform,
        readMetrics: (credentials, postIds) => {
          const minute = Math.floor(now().getTime() / MINUTE_MS);
          add(perAccount, `${id}\n${credentials.accountId}`, minute);
          add(perPlatform, id, minute);
          return read(credentials, postIds);
        },
      };
      return [id, counted];
    }),
  );

/**
 * Seeds the posts into a fresh embedded database and the four loopback fakes (no request records), then runs the
 * collector the way a worker's loop would — every 30 s of a simulated clock, jumping over idle time — until nothing
 * is due or `until`, logging each request at its simulated minute.
 */
const runScenario = async ({
  accounts,
  runs,
  publishedAt,
  until,
}: {
  accounts: number;
  runs: number;
  publishedAt: (run: number) => Date;
  until?: Date;
}): Promise<ScenarioResult> => {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const logger = pino({ level: 'silent' });
  const fakes = {
    x: await startXApiFake({ recordRequests: false }),
    linkedin: await startLinkedInApiFake({ recordRequests: false }),
    instagram: await startInstagramApiFake({ recordRequests: false }),
    youtube: await startYouTubeApiFake({ recordRequests: false }),
  };
  const events = await createEventBus(database, logger);
  try {
    const box = createSecretBox(randomBytes(32).toString('base64'));
    const { deliveries } = await seedPublishedPosts(database.db, { fakes, box, accounts, runs, publishedAt });
    let now = START;
    const log = { perAccount: new Map(), perPlatform: new Map() } satisfies Record<string, RequestLog>;
    const adapters = createPlatforms({
      xBaseUrl: fakes.x.baseUrl,
      linkedinBaseUrl: fakes.linkedin.baseUrl,
      instagramBaseUrl: fakes.instagram.baseUrl,
      youtubeBaseUrl: fakes.youtube.baseUrl,
      blueskyBaseUrl: 'http://127.0.0.1:9',
      timeoutMs: 30_000,
    }).publishing;
    const services: MetricsServices = {
      db: database.db,
      events,
      logger,
      platforms: countingPlatforms(adapters, () => now, log),
      resolveAccesses: createAccessesResolver({
        db: database.db,
        secretBox: box,
        oauthProviders: createOAuthProviders({ timeoutMs: 5000 }),
        credentialSignIns: createCredentialSignIns({ blueskyServiceUrl: 'http://127.0.0.1:9', timeoutMs: 5000 }),
        logger,
      }),
      now: () => now,
    };
    let busyMs = 0;
    let read = 0;
    for (;;) {
      const [due] = await queryRows<{ next: string | Date | null }>(
        database.db,
        sql`SELECT min(metrics_next_at) AS next FROM delivery WHERE metrics_next_at IS NOT NULL AND status = 'posted'`,
      );
      if (!due?.next) break;
      const next = new Date(due.next);
      if (until && next > until) break;
      now = new Date(Math.max(now.getTime() + TICK_MS, next.getTime()));
      for (;;) {
        const started = performance.now();
        const pass = await collectDueMetrics(services, DEFAULT_COLLECT_OPTIONS);
        busyMs += performance.now() - started;
        read += pass.read;
        if (pass.claimed < DEFAULT_COLLECT_OPTIONS.limit) break;
      }
    }
    const platforms = METRICS_PLATFORMS.map((platform): PlatformLoad => {
      const limit = adapters.get(platform)!.metricsReading!.limit;
      const accountLogs = [...log.perAccount]
        .filter(([key]) => key.startsWith(`${platform}\n`))
        .map(([, minutes]) => minutes);
      const all = log.perPlatform.get(platform);
      const windowMinutes = limit.windowMs / MINUTE_MS;
      return {
        platform,
        limit,
        requests: [...(all?.values() ?? [])].reduce((sum, requests) => sum + requests, 0),
        peakPerMinute: Math.max(0, ...(all?.values() ?? [])),
        peakPerMinutePerAccount: Math.max(0, ...accountLogs.flatMap((minutes) => [...minutes.values()])),
        peakInLimitWindow:
          limit.per === 'app'
            ? peakInWindow(all, windowMinutes)
            : Math.max(0, ...accountLogs.map((minutes) => peakInWindow(minutes, windowMinutes))),
        peakAppPer15Min: peakInWindow(all, 15),
      };
    });
    return { deliveries, readings: read, postsPerSecond: read / (busyMs / 1000), platforms };
  } finally {
    await events.close();
    await database.close();
    await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  }
};

/**
 * Metrics collection for `posts` published posts over `accounts` accounts, a quarter on each platform (issue 17 §6):
 * `day` — agents posting every hour through one day, read over their 7 days; `burst` — all published in the same
 * minute and read at their first step, the heaviest moment the schedule can make.
 */
export const benchMetricsCollection = async ({ posts = 10_000, accounts = 100 } = {}) => {
  const runs = posts / METRICS_PLATFORMS.length;
  const day = await runScenario({
    accounts,
    runs,
    // Hourly agents act within the first minute of their hour (a tenth of the interval, at most a minute).
    publishedAt: (run) => new Date(START.getTime() + (run % 24) * HOUR_MS + (Math.floor(run / 24) % 60) * 1000),
  });
  const burst = await runScenario({
    accounts,
    runs,
    publishedAt: (run) => new Date(START.getTime() + (run % 60) * 1000),
    until: new Date(START.getTime() + 2 * HOUR_MS),
  });
  return { day, burst };
};
