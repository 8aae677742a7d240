import { z } from 'zod';
import { APPROVAL_OPTIONS } from './agents-constants.ts';
import { COMPOSE_MESSAGES } from './compose-constants.ts';
import { replyTargetSchema, terminalMessageSchema } from './terminal.ts';
import { autoThreadBreaks, MAX_THREAD_PARTS, threadProblems, THREAD_MESSAGES } from './x-thread.ts';
import { isThreadPlatform, postMeasure } from './platform-thread.ts';

import {
  MAX_DRAFT_VERSIONS,
  MAX_BULK_APPROVALS,
  PLATFORM_TEXT_LIMITS,
  DRAFT_MESSAGES,
  platformTextLength,
} from './drafts-constants.ts';

export * from './drafts-constants.ts';

const mediaItemSchema = z.object({ kind: z.enum(['image', 'video']), url: z.string() });

/** A version of a draft's post: the chosen one is `text`/`media` of the draft, the others are listed. */
export const draftVersionSchema = z.object({
  text: z.string(),
  media: z.array(mediaItemSchema),
  created_at: z.string(),
});

/** An approval step given to a draft. */
export const givenApprovalSchema = z.object({
  step: z.enum(['team', 'client']),
  /** The member's name (or address) when they approved. */
  by: z.string(),
  at: z.string(),
});
export type GivenApproval = z.infer<typeof givenApprovalSchema>;

/**
 * What someone said about a draft: a member's comment (issue 36 §5), or the client's "Request changes" comment for
 * the team (§4).
 */
export const draftCommentSchema = z.object({
  by: z.string(),
  body: z.string(),
  at: z.string(),
  /** The client asked for changes: the draft went back to the team. */
  changes_requested: z.boolean(),
  /** The members the comment @mentions, by name: each was e-mailed a link to the draft. */
  mentions: z.array(z.string()),
});
export type DraftComment = z.infer<typeof draftCommentSchema>;

/** The longest comment a member may write on a draft, in characters. */
export const MAX_DRAFT_COMMENT_LENGTH = 2000;

/** The texts of members' comments on drafts (issue 36 §5). */
export const DRAFT_COMMENT_MESSAGES = {
  empty: 'Write a comment before sending it.',
  tooLong: `A comment holds at most ${MAX_DRAFT_COMMENT_LENGTH.toLocaleString('en-US')} characters: shorten it.`,
} as const;

/**
 * POST /api/drafts/:id/comments: what a member says about a waiting draft. `@` and a member's name or e-mail
 * address mentions them: they are e-mailed a link to the draft.
 */
export const draftCommentInputSchema = z.object({
  body: z
    .string(DRAFT_COMMENT_MESSAGES.empty)
    .trim()
    .min(1, DRAFT_COMMENT_MESSAGES.empty)
    .max(MAX_DRAFT_COMMENT_LENGTH, DRAFT_COMMENT_MESSAGES.tooLong),
});
export type DraftCommentInput = z.infer<typeof draftCommentInputSchema>;

/** A post an agent wrote that waits for a person (GET /api/drafts). Its id is the run's. */
export const draftSchema = z.object({
  id: z.string(),
  agent: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
  /** The terminal entry that shows it. */
  message_id: z.string().nullable(),
  trigger: terminalMessageSchema.shape.trigger,
  reply_to: replyTargetSchema.nullable(),
  text: z.string(),
  media: z.array(mediaItemSchema),
  sources: terminalMessageSchema.shape.sources,
  notes: z.array(z.string()),
  model: z.string(),
  is_offline: z.boolean(),
  /** Where it will be published (the terminal aside). */
  platforms: z.array(z.string()),
  /** A platform's own text, where a person wrote one in the composer; the others publish `text`. */
  platform_texts: z.record(z.string(), z.string()),
  /**
   * When it is planned to go out. With `time_chosen` a person chose it, and the draft expires if it is not approved
   * by then; otherwise an approval after this time publishes at once.
   */
  publish_at: z.string(),
  time_chosen: z.boolean(),
  created_at: z.string(),
  /** The other versions (Regenerate); choosing one swaps it with the text above. */
  versions: z.array(draftVersionSchema),
  /** The agent posts a text longer than one X post as a thread (so the X limit is a thread's). */
  x_threads: z.boolean(),
  /** Where a person split the X thread (offsets in `text`); null: the automatic split (contracts/x-thread.ts). */
  thread_breaks: z.array(z.number()).nullable(),
  /** `expired`: its chosen time passed before every approval was given; never published, it can be rescheduled. */
  status: z.enum(['awaiting_review', 'expired']),
  /** What its agent asks for before a post goes out (issue 36 §3). */
  approval: z.enum(APPROVAL_OPTIONS),
  /** The approval steps given so far: who approved which step, and when. */
  approvals: z.array(givenApprovalSchema),
  /** What was said about it, oldest first. */
  comments: z.array(draftCommentSchema),
});
export type Draft = z.infer<typeof draftSchema>;

/** GET /api/drafts: the drafts waiting, soonest planned first, and the latest expired ones (at most 50). */
export const draftListSchema = z.object({ drafts: z.array(draftSchema), expired: z.array(draftSchema) });

const postText = z.string().trim().min(1, DRAFT_MESSAGES.empty).max(10_000);
const futureTime = z.iso.datetime({ offset: true, error: 'Give the time as ISO 8601, e.g. 2026-11-25T09:30:00Z' });

/** PATCH /api/drafts/:id: a new text (checked against each platform's limit), a new time, or another version. */
export const draftChangesSchema = z
  .object({
    text: postText.optional(),
    publish_at: futureTime.optional(),
    /** The index in `versions` of the version to use instead. */
    version: z.number().int().min(0).max(MAX_DRAFT_VERSIONS).optional(),
    /**
     * Where the X thread is split: offsets in the text (as saved after this change) where its 2nd, 3rd, … posts
     * begin; null goes back to the automatic split. A new text without new split points is split automatically.
     */
    thread_breaks: z
      .array(z.number().int('Split points are whole character offsets').min(1))
      .max(MAX_THREAD_PARTS)
      .nullable()
      .optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Nothing to change.');
export type DraftChanges = z.infer<typeof draftChangesSchema>;

/** POST /api/drafts/approve: these drafts publish at their planned times (now: at once). */
export const draftApprovalSchema = z.object({
  ids: z.array(z.uuid('Not a draft id')).min(1, 'Choose the drafts to approve.').max(MAX_BULK_APPROVALS),
  now: z.boolean().default(false),
});

/** POST /api/drafts/:id/reschedule: an expired draft waits for review again, planned for this time. */
export const draftRescheduleSchema = z.object({ publish_at: futureTime });

/** POST /api/drafts/:id/reject */
export const draftRejectionSchema = z.object({ reason: z.string().trim().max(500).optional() });

/**
 * POST /api/agents/:id/posts as JSON: a post written by a person, published now or at `publish_at`, or saved as a
 * draft (`draft`) that waits in the Review tab. `platforms`: where it goes, among the agent's (all of them when
 * absent); `texts`: a platform's own text instead of `text`, for the platforms a person customized.
 */
export const composedPostSchema = z.object({
  text: postText,
  publish_at: futureTime.optional(),
  platforms: z
    .array(z.string().min(1).max(40))
    .min(1, COMPOSE_MESSAGES.noPlatform)
    .max(10)
    .refine((list) => new Set(list).size === list.length, 'Name each platform once.')
    .optional(),
  texts: z
    .record(z.string().min(1).max(40), postText)
    .refine((texts) => Object.keys(texts).length <= 10, 'At most 10 platform texts.')
    .optional(),
  draft: z.boolean().optional(),
});
export type ComposedPost = z.infer<typeof composedPostSchema>;

/**
 * The length problems of a text for these platforms, one message each (empty when it fits them all). With `xThreads`
 * (the agent allows threads), a text longer than one post of a thread platform (X, Bluesky, Mastodon, Farcaster)
 * must fit in a thread there instead.
 */
export const textLimitProblems = (
  text: string,
  platforms: string[],
  platformName: (platform: string) => string,
  { xThreads = false }: { xThreads?: boolean } = {},
) =>
  platforms.flatMap((platform) => {
    if (isThreadPlatform(platform) && xThreads) {
      const measure = postMeasure(platform);
      return threadProblems(text, autoThreadBreaks(text, measure), measure).length > 0
        ? [THREAD_MESSAGES.cannotFit(text.length, platformName(platform))]
        : [];
    }
    const limit = PLATFORM_TEXT_LIMITS[platform];
    // Counted as the platform counts (graphemes on Bluesky); the writer's fitting (finalize-post.ts) counts
    // characters, never fewer.
    const length = platformTextLength(platform, text);
    return limit !== undefined && length > limit ? [DRAFT_MESSAGES.tooLong(platformName(platform), length, limit)] : [];
  });
