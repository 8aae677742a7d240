import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';

export const NO_TIME_CHOSEN = 'Choose when to publish it.';

/** The moment a datetime-local value names in the reader's zone, or why it cannot be scheduled for. */
export const scheduledMoment = (value: string, now = new Date()): { at: Date } | { problem: string } => {
  if (!value) return { problem: NO_TIME_CHOSEN };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { problem: NO_TIME_CHOSEN };
  if (at.getTime() <= now.getTime()) return { problem: DRAFT_MESSAGES.pastTime };
  return { at };
};
