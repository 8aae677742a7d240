import type { CalendarEntry } from '@agentcast/contracts/calendar';
import type { CalendarActions, EntryAgent } from '../lib/calendar-actions.ts';
import { CalendarEntryCard } from './calendar-entry-card.tsx';
import { entryKey } from '../lib/group-entries-by-day.ts';

const UNKNOWN_AGENT: EntryAgent = { name: 'Agent', edge: 'border-l-slate-500' };

type EntryListProps = {
  entries: CalendarEntry[];
  agents: ReadonlyMap<string, EntryAgent>;
  timeZone: string;
  actions: CalendarActions;
  label: string;
  compact?: boolean;
};

/** A day's entries, as both views show them. */
export const EntryList = ({ entries, agents, timeZone, actions, label, compact }: EntryListProps) => (
  <ul className="space-y-2" aria-label={label}>
    {entries.map((entry) => (
      <CalendarEntryCard
        key={entryKey(entry)}
        entry={entry}
        agent={agents.get(entry.agent_id) ?? UNKNOWN_AGENT}
        timeZone={timeZone}
        actions={actions}
        compact={compact}
      />
    ))}
  </ul>
);
