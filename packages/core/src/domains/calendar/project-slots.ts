import type { PlannedOutcome } from '@agentcast/contracts/calendar';
import { nextUsageReset, usageDay } from '../plans/usage-day.ts';

/** An agent's post schedule, as the scheduler will follow it. */
export type PostSchedule = {
  agentId: string;
  intervalMs: number;
  jitterMs: number;
  /** The next slot's due time (jitter included); may be past when no worker has run since. */
  nextRunAt: Date;
  review: boolean;
  /** Drafts it has waiting now (they stay waiting in this projection). */
  waitingDrafts: number;
};

/**
 * `repeats` > 1: the entry stands for this many slots, every interval from `at`: until the UTC day ends (over
 * quota) or the range does (drafts full).
 */
export type ProjectedSlot = { agentId: string; at: Date; slotAt: Date; outcome: PlannedOutcome; repeats: number };

export type SlotProjection = {
  /** One account's post schedules. */
  schedules: PostSchedule[];
  from: Date;
  to: Date;
  /** The plan's posts a day (null: no limit) and how many today has used. */
  postsPerDay: number | null;
  usedToday: number;
  maxDrafts: number;
  /** `${agentId} ${slotAt ISO}` of the slots a person skipped. */
  skips: ReadonlySet<string>;
  /** Stop after this many slots (the answer says it was cut). */
  limit: number;
};

export const skipKey = (agentId: string, slotAt: Date) => `${agentId} ${slotAt.toISOString()}`;

/**
 * The account's coming post slots in time order, each with what the scheduler will do then, by its rules: a slot
 * missed while no worker ran is due at once (only the latest such one), the plan's posts a UTC day are shared by
 * all the account's agents in the order their slots come, an agent with review on drafts until it has `maxDrafts`
 * waiting, and a slot a person skipped is let pass without using the quota. Nothing is read or written here.
 */
export const projectSlots = ({
  schedules,
  from,
  to,
  postsPerDay,
  usedToday,
  maxDrafts,
  skips,
  limit,
}: SlotProjection): { slots: ProjectedSlot[]; truncated: boolean } => {
  // Each agent's next due time on or after `from`, moved on a slot at a time; merged by time.
  const cursors = schedules.map((schedule) => {
    const missed = Math.max(0, Math.floor((from.getTime() - schedule.nextRunAt.getTime()) / schedule.intervalMs));
    const first = new Date(schedule.nextRunAt.getTime() + missed * schedule.intervalMs);
    return { schedule, dueAt: first < from ? from : first, slotAt: new Date(first.getTime() - schedule.jitterMs) };
  });
  const used = new Map<string, number>([[usageDay(from), usedToday]]);
  const drafts = new Map(schedules.map((schedule) => [schedule.agentId, schedule.waitingDrafts]));
  const slots: ProjectedSlot[] = [];
  for (;;) {
    let next: (typeof cursors)[number] | undefined;
    for (const cursor of cursors) if (!next || cursor.dueAt < next.dueAt) next = cursor;
    if (!next || next.dueAt >= to) return { slots, truncated: false };
    if (slots.length === limit) return { slots, truncated: true };
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
    }
    // Over quota, the rest of the agent's slots that day are too; with its drafts full, all its slots ahead are
    // (nothing here handles drafts): one entry stands for them.
    const until = outcome === 'over_quota' ? nextUsageReset(dueAt) : outcome === 'drafts_full' ? to : dueAt;
    const steps = Math.max(1, Math.ceil((until.getTime() - dueAt.getTime()) / schedule.intervalMs));
    slots.push({ agentId: schedule.agentId, at: dueAt, slotAt, outcome, repeats: steps });
    next.slotAt = new Date(slotAt.getTime() + steps * schedule.intervalMs);
    next.dueAt = new Date(next.slotAt.getTime() + schedule.jitterMs);
  }
};
