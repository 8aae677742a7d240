import type { CalendarEntry } from '@agentcast/contracts/calendar';

export type PlannedEntry = Extract<CalendarEntry, { kind: 'planned' }>;
export type DraftEntry = Extract<CalendarEntry, { kind: 'draft' }>;

/** What an entry can ask of the calendar; the panel owns the requests and their errors. */
export type CalendarActions = {
  onSkip: (entry: PlannedEntry, skipped: boolean) => void;
  /** The slot whose skip or undo is on its way (its buttons wait). */
  pendingSlot: string | undefined;
  onMove: (entry: DraftEntry) => void;
};

/** What every entry of one agent shares. */
export type EntryAgent = { name: string; edge: string };
