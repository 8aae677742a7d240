import type { PlannedOutcome } from '@agentcast/contracts/calendar';
import type { ScheduleSpread } from '@agentcast/contracts/posting-day';
import { nextUsageReset, usageDay } from '../plans/usage-day.ts';
import { dueSlot, slotAfter } from './slot-times.ts';

/** An agent's post schedule, as the scheduler will follow it. */
export type PostSchedule = {
  agentId: string;
  intervalMs: number;
  jitterMs: number;
  /** Its slots' times of day when they are spread over the posting hours instead of every interval. */
  spread: ScheduleSpread | null;
  /** The next slot's due time (jitter included); may be past when no worker has run since. */
  nextRunAt: Date;
  review: boolean;
  /** Drafts it has waiting now (they stay waiting in this projection). */
  waitingDrafts: number;
};

/**
 * `repeats` > 1: the entry stands for this many of the agent's slots from `at`: until the UTC day ends (over
 * quota) or the range does (drafts full).
 */
export type ProjectedSlot = { agentId: string; at: Date; slotAt: Date; outcome: PlannedOutcome; repeats: number };

export type SlotProjection = {
  /** One account's post schedules. */
  schedules: PostSchedule[];
  from: Date;
  to: Date;
  /**
   * The plan's posts a day (null: no limit), and what each UTC day ('YYYY-MM-DD') from today on has used so far:
   * posts already out, and those planned for that day (drafts, posts written for it).
   */
  postsPerDay: number | null;
  used: ReadonlyMap<string, number>;
  maxDrafts: number;
  /** `${agentId} ${slotAt ISO}` of the slots a person skipped. */
  skips: ReadonlySet<string>;
  /** Stop after this many slots (the answer says it was cut). */
  limit: number;
  /** Stop once every agent has a slot that posts or drafts (all "Next post at …" needs). */
  untilEachPosts?: boolean;
};

/**
 * How many of the schedule's slots from `slotAt` are due before `until` (at least this one), and the slot after them.
 * Arithmetic for an interval (a minute's interval over a week is 10,080 slots); a spread has a few a day to walk.
 */
const stepsUntil = (schedule: PostSchedule, slotAt: Date, until: Date) => {
  if (!schedule.spread) {
    const dueAt = slotAt.getTime() + schedule.jitterMs;
    const steps = Math.max(1, Math.ceil((until.getTime() - dueAt) / schedule.intervalMs));
    return { steps, after: new Date(slotAt.getTime() + steps * schedule.intervalMs) };
  }
  let steps = 1;
  let after = slotAfter(schedule, slotAt);
  while (after.getTime() + schedule.jitterMs < until.getTime()) {
    steps++;
    after = slotAfter(schedule, after);
  }
  return { steps, after };
};

export const skipKey = (agentId: string, slotAt: Date) => `${agentId} ${slotAt.toISOString()}`;

/**
 * The account's coming post slots in time order, each with what the scheduler will do then, by its rules: a slot
 * missed while no worker ran is due at once (only the latest such one), slots come every interval or at a spread's
 * times of day, the plan's posts a UTC day are shared by all the account's agents in the order their slots come
 * (after what each day holds already), an agent with review on drafts until it has `maxDrafts` waiting, and a slot
 * a person skipped is let pass without using the quota. Nothing is read or written here.
 */
export const projectSlots = ({
  schedules,
  from,
  to,
  postsPerDay,
  used: usedBefore,
  maxDrafts,
  skips,
  limit,
  untilEachPosts = false,
}: SlotProjection): { slots: ProjectedSlot[]; truncated: boolean } => {
  // Each agent's next due time on or after `from`, moved on a slot at a time; merged by time.
  const cursors = schedules.map((schedule) => {
    const { slotAt, dueAt } =
      schedule.nextRunAt <= from
        ? dueSlot(schedule, from)
        : { slotAt: new Date(schedule.nextRunAt.getTime() - schedule.jitterMs), dueAt: schedule.nextRunAt };
    return { schedule, dueAt: dueAt < from ? from : dueAt, slotAt };
  });
  const used = new Map(usedBefore);
  const drafts = new Map(schedules.map((schedule) => [schedule.agentId, schedule.waitingDrafts]));
  const slots: ProjectedSlot[] = [];
  const posting = new Set<string>();
  for (;;) {
    let next: (typeof cursors)[number] | undefined;
    for (const cursor of cursors) if (!next || cursor.dueAt < next.dueAt) next = cursor;
    if (!next || next.dueAt >= to) return { slots, truncated: false };
    if (slots.length === limit) return { slots, truncated: true };
    if (untilEachPosts && posting.size === schedules.length) return { slots, truncated: false };
    const { schedule, dueAt, slotAt } = next;
    const day = usageDay(dueAt);
    let outcome: PlannedOutcome;
    if (skips.has(skipKey(schedule.agentId, slotAt))) outcome = 'skipped';
    else if (schedule.review && (drafts.get(schedule.agentId) ?? 0) >= maxDrafts) outcome = 'drafts_full';
    else if (postsPerDay !== null && (used.get(day) ?? 0) >= postsPerDay) outcome = 'over_quota';
    else {
      used.set(day, (used.get(day) ?? 0) + 1);
      if (schedule.review) drafts.set(schedule.agentId, (drafts.get(schedule.agentId) ?? 0) + 1);
      outcome = schedule.review ? 'draft' : 'post';
      posting.add(schedule.agentId);
    }
    // Over quota, the rest of the agent's slots that day are too; with its drafts full, all its slots ahead are
    // (nothing here handles drafts): one entry stands for them.
    const until = outcome === 'over_quota' ? nextUsageReset(dueAt) : outcome === 'drafts_full' ? to : dueAt;
    const { steps, after } = stepsUntil(schedule, slotAt, until);
    slots.push({ agentId: schedule.agentId, at: dueAt, slotAt, outcome, repeats: steps });
    next.slotAt = after;
    next.dueAt = new Date(after.getTime() + schedule.jitterMs);
  }
};
