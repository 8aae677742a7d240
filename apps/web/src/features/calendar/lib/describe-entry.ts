import type { CalendarEntry, PlannedOutcome } from '@agentcast/contracts/calendar';
import { MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import { postState } from '@agentcast/contracts/post-outcome';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@agentcast/contracts/terminal';

type PastEntry = Extract<CalendarEntry, { kind: 'published' }>;
type PastLink = PastEntry['links'][number];

/**
 * Where a post whose time has come stands, from its platforms' deliveries (contracts' postState, as every screen
 * reads them): published anywhere (deleted since counts: it went out), else going out, being checked, or not
 * posted; a run for the Terminal alone was shown there.
 */
export type PastState = 'published' | 'going_out' | 'unknown' | 'not_posted' | 'terminal_only';

const isDeliveryStatus = (status: string): status is DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(status);
/** A link's state; a status this screen does not know counts as not posted rather than as published. */
export const linkState = (link: Pick<PastLink, 'status'>) =>
  isDeliveryStatus(link.status) ? postState({ status: link.status }) : 'not_posted';

export const pastState = (links: readonly Pick<PastLink, 'status'>[]): PastState => {
  if (links.length === 0) return 'terminal_only';
  const states = links.map(linkState);
  if (states.includes('published') || states.includes('removed')) return 'published';
  if (states.includes('going_out')) return 'going_out';
  if (states.includes('unknown')) return 'unknown';
  return 'not_posted';
};

const PAST_LABELS: Record<PastState, string> = {
  published: 'Published',
  going_out: 'Going out',
  unknown: 'Checking whether it went out',
  not_posted: 'Not posted',
  terminal_only: 'Shown in the Terminal only',
};

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
      return PAST_LABELS[pastState(entry.links)];
  }
};

/** A planned slot that will not post: the calendar shows it faded, and its slot cannot be skipped again. */
export const isSkippedOutcome = (outcome: PlannedOutcome) =>
  outcome === 'over_quota' || outcome === 'drafts_full' || outcome === 'skipped';
