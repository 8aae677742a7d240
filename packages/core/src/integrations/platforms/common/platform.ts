import type { PostMetrics } from '@agentcast/contracts/analytics';
import type { PostMeasure } from '@agentcast/contracts/x-thread';

/**
 * The one interface every social platform adapter implements (x-platform.ts, linkedin-platform.ts). Generic code —
 * schedules, deliveries, the replies loop — talks to these types only and never asks which platform it holds.
 * Adapters are stateless apart from their HTTP agents: credentials come in with every call (from the user's
 * platform connection) and nothing here reads the database.
 */

export type PlatformId =
  | 'x'
  | 'linkedin'
  | 'instagram'
  | 'youtube'
  | 'bluesky'
  | 'telegram'
  | 'discord'
  | 'mastodon'
  | 'farcaster'
  | 'threads'
  | 'facebook'
  | 'tiktok';

/** Who may watch an uploaded video (YouTube's privacyStatus); chosen per agent, private until the person changes it. */
export type VideoPrivacy = 'public' | 'unlisted' | 'private';

/**
 * What an adapter factory takes (createXPlatform, createLinkedInPlatform): where the API is (default the real one;
 * tests pass a loopback fake) and how long one HTTP request may go without an answer before it is abandoned — a
 * publish abandoned after its request was sent ends as `unknown`, never as a hang.
 */
export type PlatformAdapterOptions = { baseUrl?: string; timeoutMs: number };

/** Whose account to act for: a user access token (OAuth 2.0, or a Bluesky session) and the account it belongs to. */
export type PlatformCredentials = {
  accessToken: string;
  /**
   * The X user id (digits), the LinkedIn member `urn:li:person:…`, the Instagram user id, the YouTube channel id or
   * the Bluesky DID.
   */
  accountId: string;
  /** The account's own server, where a network has many (a Bluesky PDS); absent: the adapter's base URL. */
  serviceUrl?: string;
};

export type PostMedia = {
  kind: 'image' | 'video';
  bytes: Buffer;
  /** image/png, image/jpeg or video/mp4. */
  contentType: string;
  altText?: string;
  /**
   * Where anyone can fetch the same file (the images bucket's public URL). Instagram takes media only this way: it
   * downloads them itself, so the URL must be reachable from the internet.
   */
  publicUrl?: string;
  /** A video's poster frame at a public URL (an Instagram Reel's cover), when one was made. */
  posterUrl?: string;
};

export type PublishRequest = {
  text: string;
  /** In the order the run made them (meme, graphic, video); the adapter attaches what its platform can carry. */
  media?: PostMedia[];
  /** Publish as a reply to this post (platforms with `supportsReplies` only). */
  replyToPostId?: string;
  /** Who may watch an uploaded video (YouTube); default private. */
  videoPrivacy?: VideoPrivacy;
  /**
   * A community within the network that the post goes into (a Farcaster channel id, 'ai'): the agent's choice. Only
   * a thread's first post names it; a reply sits in its parent's conversation. Platforms without such places ignore it.
   */
  channelId?: string;
  /**
   * Names this post the same on every attempt (the delivery and the part) and when it was first planned, so a
   * platform that can tell a repeat apart (a Bluesky record key chosen before the call) meets its own earlier
   * attempt instead of posting again.
   */
  idempotency?: { key: string; at: Date };
};

export type PublishedPost = {
  postId: string;
  /** A link a person can open. */
  url: string;
  /** What the platform could not carry (e.g. a medium left out), in words for the terminal entry. */
  notes?: string[];
};

/**
 * How often a platform lets the metrics of posts be read, as it documents it: `requests` per `windowMs`, counted per
 * connected account (a user token's own allowance) or for the whole app (a quota every account of this server
 * shares, like YouTube's project quota). Reading is shared with publishing and the replies loop, so whoever reads
 * takes only a part of it.
 */
export type MetricsReadLimit = { requests: number; windowMs: number; per: 'account' | 'app' };

export interface PublishingPlatform {
  readonly id: PlatformId;
  /** As people write it: 'X', 'LinkedIn'. */
  readonly name: string;
  /** Longest text the platform accepts, in characters. */
  readonly maxTextLength: number;
  /**
   * How long one of this account's posts may be, where it depends on the account's own server (a Mastodon instance's
   * `max_characters` and what it counts a link as): a thread is split to it. Absent: `maxTextLength` as the
   * platform counts text everywhere. Throws PlatformError when the server cannot say.
   */
  postMeasure?(credentials: PlatformCredentials): Promise<PostMeasure>;
  /** Whether `replyToPostId` is honoured. */
  readonly supportsReplies: boolean;
  /**
   * What a post must carry to be published at all (Instagram: an image or a video; YouTube: a video). Absent: text
   * alone is a post. Checked before publishing, so a run without the medium fails with a message, not a request.
   */
  readonly requiresMedia?: 'image-or-video' | 'video';
  /**
   * The forms of the run's media this platform takes, which publishing makes and stores (at a public URL) before it
   * calls `publish`: Instagram takes JPEG images only; a YouTube Short and an Instagram Reel are vertical (9:16).
   * Absent: the media as the run made them (PNG images, a 1200×676 video).
   */
  readonly mediaRenditions?: { image?: 'jpeg'; video?: 'vertical' };
  /** Throws PlatformError. */
  publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishedPost>;
  /**
   * For reconciling an `unknown` outcome: the account's post with this text published since `since`, if any.
   * Throws PlatformError (e.g. transient while the platform is down; permanent when the account may not read it).
   * Absent where the API cannot show what the account posted (Telegram's bots, Discord's webhooks): such an
   * outcome stays unknown until the person looks and chooses "Post again".
   */
  findRecentPost?(
    credentials: PlatformCredentials,
    query: { text: string; since: Date },
  ): Promise<PublishedPost | null>;
  /**
   * Takes back one of the account's posts (`postId` as `publish` returned it). A post the platform no longer has
   * counts as deleted and resolves, so repeating a delete whose answer was lost is safe. Throws PlatformError as
   * `publish` does: transient when the platform rate-limits (with `retryAt` when it says), fails on its side or
   * cannot be reached; permanent otherwise — the post is another account's (403), the token was revoked (saying to
   * reconnect), or `postId` is not one of this platform's post ids.
   */
  deletePost(credentials: PlatformCredentials, postId: string): Promise<void>;
  /**
   * How many posts one `readMetrics` call reads (one request: X 100, YouTube 50; one post a request elsewhere) and the
   * platform's documented limit for those requests. Absent: the platform's metrics are not read.
   */
  readonly metricsReading?: { batchSize: number; limit: MetricsReadLimit };
  /**
   * Reads how the account's posts did (`postIds` as `publish` returned them, at most `metricsReading.batchSize`) in
   * one request. A post the platform no longer has is absent from the answer, not an error. Throws PlatformError as
   * `publish` does; `forbidden` means the account (or this app) may not read metrics at all, so asking again for
   * other posts will not help.
   */
  readMetrics?(credentials: PlatformCredentials, postIds: string[]): Promise<Map<string, PostMetrics>>;
}

/** A post seen while looking for things to answer (mentions, or posts of followed accounts). */
export type ConversationPost = {
  postId: string;
  url: string;
  text: string;
  authorId: string;
  /** Without the @. */
  authorUsername: string;
  /** The author's display name and profile page, where the platform gives them (the Inbox shows them). */
  authorName?: string;
  authorUrl?: string;
  conversationId: string;
  createdAt: Date;
  /** The post answers another post (so `reply_to_replies: false` ignores it). */
  isReply: boolean;
  inReplyToPostId?: string;
  inReplyToUserId?: string;
};

/** Posts oldest first, and the newest id seen (the `sinceId` of the next poll), absent when there were none. */
export type ConversationPage = { posts: ConversationPost[]; newestId?: string };

/** One message of a conversation, as the writer of a reply reads it. */
export type ThreadMessage = { authorUsername: string; text: string };

/**
 * Following an account's own posts (an agent's reply_to_usernames), where the platform lets an app read them cheaply
 * (X). Every method throws PlatformError.
 */
export interface AccountFollowing {
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

/** What the replies loop needs of a platform where agents answer people (X, Bluesky, Mastodon, Farcaster, Telegram). Throws PlatformError. */
export interface ConversationPlatform {
  readonly id: PlatformId;
  /**
   * Posts that address the account (mentions, and replies to its posts), newer than `sinceId` — the `newestId` of
   * an earlier page, whatever the platform's cursor is — or, on a first look, those since `notBefore` (the latest
   * ones when that is absent too). Either way read back page by page up to about 1,000, so an outage or a burst is
   * caught up rather than skipped to the newest page.
   */
  findMentions(
    credentials: PlatformCredentials,
    query: { sinceId?: string; notBefore?: Date },
  ): Promise<ConversationPage>;
  /** Absent where the platform gives no cheap read of one account's posts: reply_to_usernames is not used there. */
  readonly follows?: AccountFollowing;
  /**
   * The conversation above a post: the posts it answers, up to the thread's root, oldest first, at most `limit`.
   * Absent where reading it costs money (X bills every post read): a reply there is written from the post alone.
   */
  findThread?(credentials: PlatformCredentials, postId: string, limit: number): Promise<ThreadMessage[]>;
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
  | 'media_failed'
  /** A publishing quota is used up: Instagram's posts per 24 hours, YouTube's daily uploads. */
  | 'quota_reached';

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
