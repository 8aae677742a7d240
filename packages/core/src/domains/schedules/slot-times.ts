import { nextSpreadSlot, previousSpreadSlot, type ScheduleSpread } from '@agentcast/contracts/posting-day';

/** The largest offset any agent gets into its interval: "a little" jitter, never more than a minute. */
const MAX_JITTER_MS = 60_000;

/**
 * This agent's fixed offset into each interval, up to a tenth of it (at most a minute), derived from its id: agents
 * with the same interval act spread out instead of all at once, and an agent keeps its rhythm across restarts.
 */
export const jitterFor = (agentId: string, intervalMs: number) => {
  const span = Math.min(Math.floor(intervalMs / 10), MAX_JITTER_MS);
  const hash = Number.parseInt(agentId.replaceAll('-', '').slice(-8), 16) || 0;
  return span === 0 ? 0 : hash % span;
};

/** How an agent's post slots follow one another: every interval, or at its spread's times of day. */
export type SlotRule = { intervalMs: number; spread: ScheduleSpread | null };

/** The slot after `slotAt` (both without jitter). */
export const slotAfter = (rule: SlotRule, slotAt: Date) =>
  rule.spread ? nextSpreadSlot(rule.spread, slotAt) : new Date(slotAt.getTime() + rule.intervalMs);

/**
 * The slot to act on now, and the next one. After downtime only the latest missed slot is taken (one post, not a
 * catch-up storm); the slots before it are skipped. `nextRunAt` (due time, jitter included) must be <= now.
 */
export const dueSlot = (
  { nextRunAt, intervalMs, jitterMs, spread }: SlotRule & { nextRunAt: Date; jitterMs: number },
  now: Date,
) => {
  const first = nextRunAt.getTime() - jitterMs;
  const latest = spread
    ? Math.max(first, previousSpreadSlot(spread, new Date(now.getTime() - jitterMs)).getTime())
    : first + Math.max(0, Math.floor((now.getTime() - nextRunAt.getTime()) / intervalMs)) * intervalMs;
  const slotAt = new Date(latest);
  return {
    slotAt,
    dueAt: new Date(latest + jitterMs),
    nextRunAt: new Date(slotAfter({ intervalMs, spread }, slotAt).getTime() + jitterMs),
  };
};
