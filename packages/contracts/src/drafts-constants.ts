// The values of drafts.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. drafts.ts re-exports them, so every other importer keeps importing from there.
import { graphemeCount } from './grapheme-count.ts';
import { mastodonTextLength } from './mastodon-text-length.ts';
import { THREADS_MAX_TEXT, threadsTextLength } from './threads-text-length.ts';

/** An agent with review on waits for a person on at most this many drafts; past it, it skips its posts. */
export const MAX_WAITING_DRAFTS = 10;
/** Regenerating keeps every version until one is chosen; a draft holds at most this many. */
export const MAX_DRAFT_VERSIONS = 5;
/** How many drafts one approval may take at once (the Review tab's "Approve selected"). */
export const MAX_BULK_APPROVALS = 50;

/** The longest post each platform publishes, in characters (the previews count against it; an edit must fit). */
export const PLATFORM_TEXT_LIMITS: Record<string, number> = {
  x: 280,
  linkedin: 3000,
  instagram: 2200,
  youtube: 5000,
  // Bluesky counts graphemes (what a person sees as one character), never more than characters.
  bluesky: 300,
  // A message; with a picture or video the first 1,024 go as its caption, and a longer text goes out before it.
  telegram: 4096,
  discord: 2000,
  // Most instances' limit; an instance may allow more (its own limit is checked when the post goes out).
  mastodon: 500,
  // Bytes, not characters (UTF-8): an accented letter takes two, an emoji four.
  farcaster: 320,
  // Characters, with an emoji counted as its UTF-8 bytes (threads-text-length.ts).
  threads: THREADS_MAX_TEXT,
  facebook: 63_206,
  // A video's caption (its title); a photo post's description takes 4,000.
  tiktok: 2200,
};

/** Platforms that count a post's length in graphemes (what a person sees as one character: an emoji with its skin tone). */
const GRAPHEME_PLATFORMS = new Set(['bluesky']);

const utf8 = new TextEncoder();

/**
 * A text's length as the platform counts it against its limit: graphemes on Bluesky, links as 23 on Mastodon, UTF-8
 * bytes on Farcaster, emoji as their bytes on Threads, UTF-16 characters elsewhere.
 */
export const platformTextLength = (platform: string, text: string) =>
  GRAPHEME_PLATFORMS.has(platform)
    ? graphemeCount(text)
    : platform === 'mastodon'
      ? mastodonTextLength(text)
      : platform === 'farcaster'
        ? utf8.encode(text).length
        : platform === 'threads'
          ? threadsTextLength(text)
          : text.length;

/** The texts of the Review tab and of the runs it affects. */
export const DRAFT_MESSAGES = {
  awaitingReview: 'Awaiting review',
  draftsFull: (count: number) =>
    `Skipped: ${count} drafts of this agent are waiting for review. It posts again once some are approved or rejected.`,
  rejected: (reason: string | null) => (reason ? `Rejected in review: ${reason}` : 'Rejected in review.'),
  tooLong: (platform: string, length: number, limit: number) =>
    `Too long for ${platform}: ${length} characters of ${limit}.`,
  empty: 'Write something to post.',
  pastTime: 'Choose a time that has not passed yet.',
  notWaiting: 'This draft is no longer waiting for review.',
  tooManyVersions: `A draft keeps at most ${MAX_DRAFT_VERSIONS} versions: choose one, or edit the text yourself.`,
  paused: 'This agent is paused. Resume it to post.',
  triggeredForReview: (text: string) => `${text} — awaiting review in the Review tab`,
  expired: 'Expired: it was not approved by its planned time. Reschedule it to post it.',
  expiredBeforeApproval: 'This draft’s planned time passed before it was approved: reschedule it to post it.',
  notExpired: 'Only an expired draft can be rescheduled.',
  approverRole: 'It waits for an approval, which an Owner, Admin or Reviewer of the workspace gives.',
  approvedBy: (name: string) => `Approved by ${name}`,
  needsApproval: (agentName: string) =>
    `${agentName}’s posts need an approval: save this one as a draft, and an Owner, Admin or Reviewer approves it.`,
} as const;
