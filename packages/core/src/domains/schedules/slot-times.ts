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

/**
 * The slot to act on now, and the next one. After downtime only the latest missed slot is taken (one post, not a
 * catch-up storm); the slots before it are skipped. `nextRunAt` (due time, jitter included) must be <= now.
 */
export const dueSlot = (
  { nextRunAt, intervalMs, jitterMs }: { nextRunAt: Date; intervalMs: number; jitterMs: number },
  now: Date,
) => {
  const skipped = Math.max(0, Math.floor((now.getTime() - nextRunAt.getTime()) / intervalMs));
  const dueAt = new Date(nextRunAt.getTime() + skipped * intervalMs);
  return {
    slotAt: new Date(dueAt.getTime() - jitterMs),
    dueAt,
    skipped,
    nextRunAt: new Date(dueAt.getTime() + intervalMs),
  };
};
