import type { CalendarEntry, PlannedOutcome } from '@agentcast/contracts/calendar';
import { MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a planned slot will do when it comes, in words; `repeats` is how many slots one entry stands for. */
export const describeOutcome = (outcome: PlannedOutcome, repeats: number) => {
  switch (outcome) {
    case 'post':
      return 'Posts';
    case 'draft':
      return 'Draft for review';
    case 'over_quota':
      return `Skipped: daily posts used (${plural(repeats, 'slot', 'slots')} until midnight UTC)`;
    case 'drafts_full':
      return `Skipped: ${MAX_WAITING_DRAFTS} drafts waiting`;
    case 'skipped':
      return 'Skipped by you';
  }
};

/** The label of an entry of any kind. */
export const describeEntry = (entry: CalendarEntry) => {
  switch (entry.kind) {
    case 'planned':
      return describeOutcome(entry.outcome, entry.repeats);
    case 'draft':
      return 'Draft awaiting review';
    case 'scheduled':
      return 'Scheduled';
    case 'published':
      return 'Published';
  }
};

/** A planned slot that will not post: the calendar shows it faded, and its slot cannot be skipped again. */
export const isSkippedOutcome = (outcome: PlannedOutcome) =>
  outcome === 'over_quota' || outcome === 'drafts_full' || outcome === 'skipped';
