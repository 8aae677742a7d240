import { collectDueMetrics, DEFAULT_COLLECT_OPTIONS, type CollectOptions } from './collect-due-metrics.ts';
import type { MetricsServices } from './metrics-services.ts';

export type MetricsCollectorOptions = CollectOptions & {
  /** How often due metrics are looked for. A reading is planned to the hour, so a late one is late by this at most. */
  everyMs: number;
};

export const DEFAULT_METRICS_COLLECTOR_OPTIONS: MetricsCollectorOptions = {
  ...DEFAULT_COLLECT_OPTIONS,
  everyMs: 30_000,
};

/**
 * The metrics loop of a worker process, beside the scheduling loop and apart from it (a slow platform must not
 * hold up posting): every `everyMs`, passes of collectDueMetrics until nothing more is due. Any number of workers
 * may run it; each post is read by one of them.
 */
export const createMetricsCollector = (services: MetricsServices, options: MetricsCollectorOptions) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    for (;;) {
      const pass = await collectDueMetrics(services, options);
      if (pass.claimed > 0) services.logger.debug(pass, 'Metrics collected');
      if (pass.claimed < options.limit || stopped) break;
    }
  };

  const loop = () => {
    running = tick()
      .catch((error: unknown) => services.logger.error({ err: error }, 'Collecting metrics failed; trying again'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, options.everyMs);
      });
  };

  return {
    start: () => {
      stopped = false;
      loop();
    },
    /** Waits for the pass in progress, then stops. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
