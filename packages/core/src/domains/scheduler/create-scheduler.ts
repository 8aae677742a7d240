import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../integrations/events/event-bus.ts';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import type { NotificationServices } from '../notifications/notification-services.ts';
import { notifyWaitingDrafts } from '../notifications/notify-waiting-drafts.ts';
import { expireLateDrafts } from '../runs/review/expire-late-drafts.ts';
import { dispatchDueSchedules } from './dispatch-due-schedules.ts';
import { sweepUnfinishedWork } from './sweep-unfinished-work.ts';

export type SchedulerOptions = {
  /** How often due schedules are looked for (start to start); the main part of scheduling lateness. */
  pollMs: number;
  /** Schedules claimed per transaction. */
  batchSize: number;
  /** How often lost work is looked for, and how long work must sit untouched to count as lost. */
  sweepEveryMs: number;
  sweepGraceMs: number;
  /** How often accounts with drafts waiting an hour are looked for (to e-mail them). */
  notifyEveryMs: number;
};

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  // A slot waits at most this long (plus the pass before it) to be planned: issue 19 asks p99 < 1 s.
  pollMs: 250,
  batchSize: 200,
  sweepEveryMs: 15_000,
  sweepGraceMs: 60_000,
  notifyEveryMs: 60_000,
};

/**
 * The scheduling loop of a worker process: every `pollMs`, plan what is due (until nothing is), and now and then
 * expire drafts not approved by their chosen time, sweep for lost work and e-mail the owners of drafts that have waited an hour. Any number of workers may run it side by side; the database keeps them from doing the same
 * slot twice.
 */
export const createScheduler = (
  services: {
    db: Database;
    queue: JobQueue;
    events: EventBus;
    logger: Logger;
    now: () => Date;
    defaultPlan: PlanId;
    notifications: NotificationServices;
  },
  options: SchedulerOptions,
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastSweep = 0;
  let lastNotify = 0;

  const tick = async () => {
    for (;;) {
      const result = await dispatchDueSchedules(services, { now: services.now(), limit: options.batchSize });
      for (const { workspaceId, agentId, messageId } of result.skipped) {
        if (messageId) await services.events.publish({ type: 'terminal.message', workspaceId, agentId, messageId });
      }
      if (result.claimed > 0)
        services.logger.debug({ ...result, skipped: result.skipped.length }, 'Schedules dispatched');
      if (result.claimed < options.batchSize || stopped) break;
    }
    if (Date.now() - lastSweep >= options.sweepEveryMs) {
      lastSweep = Date.now();
      const swept = await sweepUnfinishedWork(services, {
        now: services.now(),
        graceMs: options.sweepGraceMs,
        limit: 500,
      });
      if (swept.runs + swept.deliveries > 0) services.logger.info(swept, 'Resent work whose worker stopped');
      const expired = await expireLateDrafts(services, { now: services.now(), limit: 500 });
      if (expired > 0) services.logger.info({ drafts: expired }, 'Drafts expired unapproved at their planned time');
    }
    if (Date.now() - lastNotify >= options.notifyEveryMs) {
      lastNotify = Date.now();
      const notified = await notifyWaitingDrafts(services.notifications);
      if (notified > 0) services.logger.info({ accounts: notified }, 'E-mailed accounts about drafts waiting');
    }
  };

  const loop = () => {
    const startedAt = Date.now();
    running = tick()
      .catch((error: unknown) => services.logger.error({ err: error }, 'Scheduling pass failed; trying again'))
      .finally(() => {
        running = undefined;
        // Passes start every pollMs (a long pass is followed at once): how late a slot is planned does not grow
        // with how long planning the slots before it took.
        if (!stopped) timer = setTimeout(loop, Math.max(0, options.pollMs - (Date.now() - startedAt)));
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
