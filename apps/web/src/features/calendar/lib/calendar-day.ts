import type { CalendarEntry } from '@agentcast/contracts/calendar';

/** One local day ('YYYY-MM-DD') and what falls on it, in time order. */
export type CalendarDay = { key: string; entries: CalendarEntry[] };
