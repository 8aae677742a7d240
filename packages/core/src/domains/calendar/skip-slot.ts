import { and, eq } from 'drizzle-orm';
import { CALENDAR_MESSAGES } from '@agentcast/contracts/calendar';
import { isSpreadSlot } from '@agentcast/contracts/posting-day';
import type { Database } from '@agentcast/db/client';
import { agentSchedule, scheduleSkip } from '@agentcast/db/schema/schedules';
import { AppError } from '../../kernel/app-error.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';

/**
 * Marks one of the agent's coming post slots to be let pass (the Calendar's "Skip"), or takes the mark back.
 * `slotAt` is the slot as the calendar names it (its time before the agent's jitter); it must be a slot the
 * scheduler has yet to plan: the next one or a later one of the agent's interval (or of its spread's times).
 */
export const setSlotSkipped = async (
  db: Database,
  { workspaceId, agentId, slotAt, skipped }: { workspaceId: string; agentId: string; slotAt: Date; skipped: boolean },
) => {
  const row = await findOwnedAgentRow(db, { workspaceId, agentId });
  if (!skipped) {
    await db.delete(scheduleSkip).where(and(eq(scheduleSkip.agentId, row.id), eq(scheduleSkip.slotAt, slotAt)));
    return;
  }
  const [schedule] = await db
    .select()
    .from(agentSchedule)
    .where(and(eq(agentSchedule.agentId, row.id), eq(agentSchedule.kind, 'post')));
  if (!schedule) throw new AppError('CONFLICT', CALENDAR_MESSAGES.notScheduled);
  const ahead = slotAt.getTime() + schedule.jitterMs - schedule.nextRunAt.getTime();
  const isSlot = schedule.spread ? isSpreadSlot(schedule.spread, slotAt) : ahead % schedule.intervalMs === 0;
  if (ahead < 0 || !isSlot) throw new AppError('VALIDATION_FAILED', CALENDAR_MESSAGES.notASlot);
  await db.insert(scheduleSkip).values({ agentId: row.id, slotAt }).onConflictDoNothing();
};
