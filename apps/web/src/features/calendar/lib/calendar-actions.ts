import type { KeyboardEvent } from 'react';
import type { CalendarEntry } from '@agentcast/contracts/calendar';

export type PlannedEntry = Extract<CalendarEntry, { kind: 'planned' }>;
export type DraftEntry = Extract<CalendarEntry, { kind: 'draft' }>;

/** What an entry can ask of the calendar; the panel owns the requests and their errors. */
export type CalendarActions = {
  onSkip: (entry: PlannedEntry, skipped: boolean) => void;
  /** The slot whose skip or undo is on its way (its buttons wait). */
  pendingSlot: string | undefined;
  onMove: (entry: DraftEntry) => void;
  /**
   * The week view's ways to move a draft without the form: dragging it, or arrow keys on its Move button (Enter
   * then moves it; the button's click still opens the form). Absent in the list.
   */
  moves?: {
    onDragStart: (entry: DraftEntry) => void;
    onDragEnd: () => void;
    onMoveKey: (entry: DraftEntry, event: KeyboardEvent) => void;
    /** The draft whose new place the arrow keys are choosing. */
    pendingRunId: string | undefined;
    /** The id of the text that tells how the keys move a draft. */
    hintId: string;
  };
};

/** What every entry of one agent shares. */
export type EntryAgent = { name: string; edge: string };
