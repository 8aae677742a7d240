import { and, eq, notInArray, sql } from 'drizzle-orm';
import { AGENT_DEFAULTS, isConversationClient, MIN_POST_INTERVAL_MINUTES } from '@agentcast/contracts/agents';
import type { Database } from '@agentcast/db/client';
import type { AgentRow } from '@agentcast/db/schema/agents';
import { agentSchedule } from '@agentcast/db/schema/schedules';
import type { ScheduleSettings } from './schedule-settings.ts';
import { jitterFor } from './slot-times.ts';

type Wanted = { kind: 'post' | 'chat'; intervalMs: number };

/**
 * What the agent's configuration asks for: posts every interval, and looking for conversations to answer on the
 * platforms where it answers people (X, Bluesky, Mastodon, Farcaster); nothing while it is paused.
 */
const wantedSchedules = (row: AgentRow, settings: ScheduleSettings): Wanted[] =>
  row.paused
    ? []
    : [
        ...(row.activities.includes('post') && row.postConfiguration.enabled
          ? [
              {
                kind: 'post' as const,
                intervalMs:
                  Math.max(MIN_POST_INTERVAL_MINUTES, row.postConfiguration.interval ?? AGENT_DEFAULTS.postInterval) *
                  settings.minuteMs,
              },
            ]
          : []),
        ...(row.activities.includes('chat') &&
        row.chatConfiguration.enabled &&
        row.chatConfiguration.clients.some(isConversationClient)
          ? [{ kind: 'chat' as const, intervalMs: settings.chatPollMs }]
          : []),
      ];

/**
 * Brings the agent's schedules in line with its configuration, inside the transaction that saves the agent (so a
 * schedule never outlives or lags its agent; deleting the agent deletes them). A new schedule, or one whose
 * interval changed, is first due one interval from now; an unchanged one keeps its next slot.
 */
export const syncAgentSchedules = async (tx: Database, row: AgentRow, settings: ScheduleSettings, now = new Date()) => {
  const wanted = wantedSchedules(row, settings);
  await tx.delete(agentSchedule).where(
    and(
      eq(agentSchedule.agentId, row.id),
      wanted.length > 0
        ? notInArray(
            agentSchedule.kind,
            wanted.map((item) => item.kind),
          )
        : undefined,
    ),
  );
  for (const { kind, intervalMs } of wanted) {
    const jitterMs = jitterFor(row.id, intervalMs);
    await tx
      .insert(agentSchedule)
      .values({
        agentId: row.id,
        kind,
        workspaceId: row.workspaceId,
        intervalMs,
        jitterMs,
        nextRunAt: new Date(now.getTime() + intervalMs + jitterMs),
      })
      .onConflictDoUpdate({
        target: [agentSchedule.agentId, agentSchedule.kind],
        set: {
          intervalMs: sql`excluded.interval_ms`,
          // An unchanged interval keeps its rhythm (and a spread its times, respread-account-schedules.ts).
          jitterMs: sql`CASE WHEN ${agentSchedule.intervalMs} = excluded.interval_ms THEN ${agentSchedule.jitterMs} ELSE excluded.jitter_ms END`,
          spread: sql`CASE WHEN ${agentSchedule.intervalMs} = excluded.interval_ms THEN ${agentSchedule.spread} ELSE NULL END`,
          nextRunAt: sql`CASE WHEN ${agentSchedule.intervalMs} = excluded.interval_ms THEN ${agentSchedule.nextRunAt} ELSE excluded.next_run_at END`,
        },
      });
  }
};
