import {
  DEFAULT_PUBLISHING_TIMING,
  type PublishingTiming,
} from '@agentcast/core/domains/runs/publish/publishing-services';
import { DEFAULT_SCHEDULER_OPTIONS, type SchedulerOptions } from '@agentcast/core/domains/scheduler/create-scheduler';
import {
  DEFAULT_METRICS_COLLECTOR_OPTIONS,
  type MetricsCollectorOptions,
} from '@agentcast/core/domains/analytics/create-metrics-collector';
import { DEFAULT_SCHEDULE_SETTINGS, type ScheduleSettings } from '@agentcast/core/domains/schedules/schedule-settings';
import { DEFAULT_WEBHOOK_TIMING, type WebhookTiming } from '@agentcast/core/domains/webhooks/webhook-services';

/** How long a worker holds a run while writing its post: the model's timeout and retries, plus media. */
const GENERATION_LEASE_MS = 10 * 60_000;

export type WorkerTiming = {
  schedule: ScheduleSettings;
  scheduler: SchedulerOptions;
  publishing: PublishingTiming;
  generationLeaseMs: number;
  metrics: MetricsCollectorOptions;
  webhooks: WebhookTiming;
};

/**
 * Every duration of scheduling and publishing, divided by `timeScale` (TIME_SCALE, tests only: at 60 an interval
 * minute lasts a second, so a test sees dozens of slots, lost leases and reconciliations in under a minute). The
 * chat poll interval is configured in its own right and scaled the same way. Webhooks' retry schedule and 24-hour
 * windows are scaled too; a request's timeout and a delivery's lease (the receiver's time, and a crash's) are not.
 */
export const workerTiming = ({ timeScale, chatPollMs }: { timeScale: number; chatPollMs: number }): WorkerTiming => {
  const scale = (ms: number) => Math.max(1, Math.round(ms / timeScale));
  const scaleAll = <T extends Record<string, number>>(values: T) =>
    Object.fromEntries(Object.entries(values).map(([key, ms]) => [key, scale(ms)])) as T;
  const { maxAttempts, ...publishingDurations } = DEFAULT_PUBLISHING_TIMING;
  const { batchSize, ...schedulerDurations } = DEFAULT_SCHEDULER_OPTIONS;
  const { limit, concurrency, ...metricsDurations } = DEFAULT_METRICS_COLLECTOR_OPTIONS;
  const { retryDelaysMs, requestTimeoutMs, leaseMs, ...webhookWindows } = DEFAULT_WEBHOOK_TIMING;
  return {
    schedule: { minuteMs: scale(DEFAULT_SCHEDULE_SETTINGS.minuteMs), chatPollMs: scale(chatPollMs) },
    // Polling more often than every 50 ms would only load the database.
    scheduler: { ...scaleAll(schedulerDurations), pollMs: Math.max(50, scale(schedulerDurations.pollMs)), batchSize },
    publishing: { ...scaleAll(publishingDurations), maxAttempts },
    generationLeaseMs: scale(GENERATION_LEASE_MS),
    metrics: { ...scaleAll(metricsDurations), limit, concurrency },
    webhooks: { ...scaleAll(webhookWindows), retryDelaysMs: retryDelaysMs.map(scale), requestTimeoutMs, leaseMs },
  };
};
