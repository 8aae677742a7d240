import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { localDayKey } from './calendar-time.ts';

/**
 * The entries of each local day ('YYYY-MM-DD' in `timeZone`), each day in time order (planned before the others
 * at the same instant, so a slot and the draft it made do not swap places between reads).
 */
export const groupEntriesByDay = (entries: readonly CalendarEntry[], timeZone: string) => {
  const sorted = [...entries].sort(
    (a, b) => Date.parse(a.at) - Date.parse(b.at) || Number(b.kind === 'planned') - Number(a.kind === 'planned'),
  );
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of sorted) {
    const key = localDayKey(new Date(entry.at), timeZone);
    const day = byDay.get(key);
    if (day) day.push(entry);
    else byDay.set(key, [entry]);
  }
  return byDay;
};

/** A stable key for an entry in a list. */
export const entryKey = (entry: CalendarEntry) =>
  entry.kind === 'planned' ? `planned ${entry.agent_id} ${entry.slot_at}` : `${entry.kind} ${entry.run_id}`;

/**
 * The entries a period shows: looking back, only what went out; a draft whose time has passed is still waiting,
 * so it belongs to the coming week with the plans.
 */
export const entriesOfPeriod = (entries: readonly CalendarEntry[], period: 'coming' | 'past') =>
  period === 'coming' ? [...entries] : entries.filter((entry) => entry.kind === 'published');
