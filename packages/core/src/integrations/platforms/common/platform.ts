/**
 * The one interface every social platform adapter implements (x-platform.ts, linkedin-platform.ts). Generic code —
 * schedules, deliveries, the replies loop — talks to these types only and never asks which platform it holds.
 * Adapters are stateless apart from their HTTP agents: credentials come in with every call (from the user's
 * platform connection) and nothing here reads the database.
 */

export type PlatformId = 'x' | 'linkedin';

/**
 * What an adapter factory takes (createXPlatform, createLinkedInPlatform): where the API is (default the real one;
 * tests pass a loopback fake) and how long one HTTP request may go without an answer before it is abandoned — a
 * publish abandoned after its request was sent ends as `unknown`, never as a hang.
 */
export type PlatformAdapterOptions = { baseUrl?: string; timeoutMs: number };

/** Whose account to act for: an OAuth 2.0 user access token and the account it belongs to. */
export type PlatformCredentials = {
  accessToken: string;
  /** The X user id (digits), or the LinkedIn member `urn:li:person:…`. */
  accountId: string;
};

export type PostMedia = {
  kind: 'image' | 'video';
  bytes: Buffer;
  /** image/png, image/jpeg or video/mp4. */
  contentType: string;
  altText?: string;
};

export type PublishRequest = {
  text: string;
  /** In the order the run made them (meme, graphic, video); the adapter attaches what its platform can carry. */
  media?: PostMedia[];
  /** Publish as a reply to this post (platforms with `supportsReplies` only). */
  replyToPostId?: string;
};

export type PublishedPost = {
  postId: string;
  /** A link a person can open. */
  url: string;
  /** What the platform could not carry (e.g. a medium left out), in words for the terminal entry. */
  notes?: string[];
};

export interface PublishingPlatform {
  readonly id: PlatformId;
  /** As people write it: 'X', 'LinkedIn'. */
  readonly name: string;
  /** Longest text the platform accepts, in characters. */
  readonly maxTextLength: number;
  /** Whether `replyToPostId` is honoured. */
  readonly supportsReplies: boolean;
  /** Throws PlatformError. */
  publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishedPost>;
  /**
   * For reconciling an `unknown` outcome: the account's post with this text published since `since`, if any.
   * Throws PlatformError (e.g. transient while the platform is down; permanent when the account may not read it).
   */
  findRecentPost(credentials: PlatformCredentials, query: { text: string; since: Date }): Promise<PublishedPost | null>;
  /**
   * Takes back one of the account's posts (`postId` as `publish` returned it). A post the platform no longer has
   * counts as deleted and resolves, so repeating a delete whose answer was lost is safe. Throws PlatformError as
   * `publish` does: transient when the platform rate-limits (with `retryAt` when it says), fails on its side or
   * cannot be reached; permanent otherwise — the post is another account's (403), the token was revoked (saying to
   * reconnect), or `postId` is not one of this platform's post ids.
   */
  deletePost(credentials: PlatformCredentials, postId: string): Promise<void>;
}

/** A post seen while looking for things to answer (mentions, or posts of followed accounts). */
export type ConversationPost = {
  postId: string;
  url: string;
  text: string;
  authorId: string;
  /** Without the @. */
  authorUsername: string;
  conversationId: string;
  createdAt: Date;
  /** The post answers another post (so `reply_to_replies: false` ignores it). */
  isReply: boolean;
  inReplyToPostId?: string;
  inReplyToUserId?: string;
};

/** Posts oldest first, and the newest id seen (the `sinceId` of the next poll), absent when there were none. */
export type ConversationPage = { posts: ConversationPost[]; newestId?: string };

/** What the replies loop needs; X only. Every method throws PlatformError. */
export interface ConversationPlatform {
  readonly id: PlatformId;
  /** Posts mentioning the account, newer than `sinceId` (or the latest ones when absent). */
  findMentions(credentials: PlatformCredentials, query: { sinceId?: string }): Promise<ConversationPage>;
  /** The account with this username (no @), or null when there is none. */
  findUser(
    credentials: PlatformCredentials,
    username: string,
  ): Promise<{ id: string; username: string; name: string } | null>;
  /** A user's own posts (replies included, reposts not), newer than `sinceId` (or the latest ones when absent). */
  findUserPosts(
    credentials: PlatformCredentials,
    query: { userId: string; sinceId?: string },
  ): Promise<ConversationPage>;
}

/**
 * How the delivery state machine must treat a failure:
 * - `transient`: nothing was published; try again later (after `retryAt` when set, else with backoff).
 * - `permanent`: nothing was published and trying again will not help; record it and show `message`.
 * - `unknown`: the request reached the platform and the answer was lost; the post may exist. Reconcile with
 *   `findRecentPost`, never publish blindly again.
 */
export type PlatformErrorKind = 'transient' | 'permanent' | 'unknown';

/** Why, for logs and tests; `kind` is what decides. */
export type PlatformErrorReason =
  | 'rate_limited'
  | 'platform_unavailable'
  | 'unreachable'
  | 'timeout'
  | 'connection_lost'
  | 'reconnect_required'
  | 'forbidden'
  | 'duplicate'
  | 'rejected'
  | 'media_failed';

export class PlatformError extends Error {
  readonly platform: PlatformId;
  readonly kind: PlatformErrorKind;
  readonly reason: PlatformErrorReason;
  /** The platform's HTTP status, when it answered. */
  readonly status?: number;
  /** When the platform said it would accept requests again (429). */
  readonly retryAt?: Date;
  /** A duplicate's original, when the platform named it or it could be found: the post may be this delivery's own. */
  readonly existingPost?: PublishedPost;

  constructor(
    platform: PlatformId,
    kind: PlatformErrorKind,
    reason: PlatformErrorReason,
    /** Written for the person reading the terminal entry: what happened and, when they can act, what to do. */
    message: string,
    details: { status?: number; retryAt?: Date; existingPost?: PublishedPost; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'PlatformError';
    this.platform = platform;
    this.kind = kind;
    this.reason = reason;
    this.status = details.status;
    this.retryAt = details.retryAt;
    this.existingPost = details.existingPost;
  }
}
