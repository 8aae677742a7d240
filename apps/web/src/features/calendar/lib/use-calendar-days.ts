import { useMemo } from 'react';
import type { Calendar } from '@agentcast/contracts/calendar';
import { agentColors } from './agent-colors.ts';
import type { EntryAgent } from './calendar-actions.ts';
import { entriesOfPeriod, groupEntriesByDay } from './group-entries-by-day.ts';

/**
 * What the views draw from one answer: each agent's colour and name, how many slots each has planned, and the
 * shown agents' entries of the period by local day. Grouping formats every entry's date, so it is done once per answer.
 */
export const useCalendarDays = (
  calendar: Calendar,
  timeZone: string,
  hidden: ReadonlySet<string>,
  period: 'coming' | 'past',
) =>
  useMemo(() => {
    const colors = agentColors(calendar.agents.map((agent) => agent.agent_id));
    const agents = new Map<string, EntryAgent>(
      calendar.agents.map((agent) => [
        agent.agent_id,
        { name: agent.name, edge: colors.get(agent.agent_id)?.edge ?? 'border-l-slate-500' },
      ]),
    );
    const plannedSlots = new Map<string, number>();
    for (const entry of calendar.entries)
      if (entry.kind === 'planned') plannedSlots.set(entry.agent_id, (plannedSlots.get(entry.agent_id) ?? 0) + 1);
    const shown = entriesOfPeriod(calendar.entries, period).filter((entry) => !hidden.has(entry.agent_id));
    return { agents, colors, plannedSlots, byDay: groupEntriesByDay(shown, timeZone) };
  }, [calendar, timeZone, hidden, period]);
