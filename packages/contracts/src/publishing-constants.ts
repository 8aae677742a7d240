// The values of publishing.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. publishing.ts re-exports them, so every other importer keeps importing from there.
import type { Plan } from './plans.ts';

/** The instruction of a scheduled post: no topic named, so each post takes one of the agent's topics. */
export const SCHEDULED_INSTRUCTION = 'Write your next scheduled post on one of your topics.';

const PLATFORM_NAMES: Record<string, string> = {
  terminal: 'Terminal',
  x: 'X',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
  bluesky: 'Bluesky',
  telegram: 'Telegram',
  discord: 'Discord',
  mastodon: 'Mastodon',
  farcaster: 'Farcaster',
  threads: 'Threads',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};
export const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

/** Platforms whose people have names but no handles (a Facebook comment's author): nobody is "@" there. */
const PLATFORMS_WITHOUT_HANDLES: readonly string[] = ['facebook'];

/** How a person of this platform is addressed: "@ada.bsky.social"; on Facebook their name as it is. */
export const addressOf = (platform: string, handle: string) =>
  PLATFORMS_WITHOUT_HANDLES.includes(platform) ? handle : `@${handle}`;

/**
 * Platforms whose API gives apps no way to delete a published post (Instagram's deletes comments only): the terminal
 * offers no "Delete from …" for them, and the server refuses to try.
 */
export const PLATFORMS_WITHOUT_API_DELETE: readonly string[] = ['instagram', 'tiktok'];
export const canDeleteThroughApi = (platform: string) => !PLATFORMS_WITHOUT_API_DELETE.includes(platform);

/**
 * Platforms whose API cannot show an app what an account posted (a Telegram bot reads no chat history, a Discord
 * webhook lists no messages): when a post's answer is lost, nobody can check for it but the person, so the delivery
 * stops and asks them to look before "Post again", instead of risking the post twice.
 */
export const PLATFORMS_WITHOUT_POST_LOOKUP: readonly string[] = ['telegram', 'discord'];
export const canLookUpPosts = (platform: string) => !PLATFORMS_WITHOUT_POST_LOOKUP.includes(platform);

/** What a post must carry for a platform to take it: Instagram a picture or a video, YouTube a video. */
export const PLATFORM_MEDIA_REQUIREMENTS: Readonly<Record<string, 'image-or-video' | 'video'>> = {
  instagram: 'image-or-video',
  youtube: 'video',
  tiktok: 'image-or-video',
};

/** What the terminal says about runs that did not post, and why. */
export const PUBLISHING_MESSAGES = {
  overPostQuota: (plan: Plan) =>
    `Skipped: the ${plan.name} plan allows ${plan.limits.postsPerDay} posts a day and today's are used. Posting resumes at midnight UTC.`,
  overReplyQuota: (plan: Plan) =>
    `Not replied: the ${plan.name} plan allows ${plan.limits.repliesPerDay} replies a day and today's are used. Replies resume at midnight UTC.`,
  notConnected: (platform: string) =>
    `Not published: no ${platformName(platform)} account is connected. Connect one on the Agent builder page or in the agent's settings.`,
  /** Where a person would connect a platform this server has no OAuth app for (the agent builder, the Terminal). */
  notSetUpByOperator: (platform: string) =>
    `This server's operator has not set ${platformName(platform)} up, so ${platformName(platform)} cannot be connected here.`,
  noAdapter: (platform: string) =>
    `Not published: publishing to ${platformName(platform)} is not available on this server.`,
  membershipLost: (reason: string) => `Scheduled activity paused: ${reason}`,
  nearDuplicate: (earlier: string, at: Date) =>
    `Skipped: the post came out too close to the one of ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC ("${
      earlier.length > 80 ? `${earlier.slice(0, 79)}…` : earlier
    }"), and two rewrites did not help.`,
  runFailed: (reason: string) => `This run failed: ${reason}`,
  notOnPlatform: (platform: string) =>
    `This post is not published on ${platformName(platform)}, so there is nothing to delete.`,
  cannotRemove: (platform: string, reason: string) =>
    `Could not delete the post from ${platformName(platform)}: ${reason}`,
  removed: (platform: string) => `Deleted from ${platformName(platform)}.`,
  /** Where to delete a post the platform's API cannot (the terminal says it beside the post's link). */
  deleteInApp: (platform: string) => `Delete it in the ${platformName(platform)} app`,
  noApiDelete: (platform: string) =>
    `${platformName(platform)} does not let apps delete posts: delete it in the ${platformName(platform)} app.`,
  needsMedia: (platform: string, requirement: 'image-or-video' | 'video') =>
    requirement === 'video'
      ? `Not published: ${platformName(platform)} takes videos only, and this post has none. Turn on Video for this agent.`
      : `Not published: ${platformName(platform)} posts need an image or a video, and this post has none. Turn on Memes, Graphics or Video for this agent.`,
  /** The Review tab's note on a preview whose post lacks the medium its platform needs. */
  willNotGoWithoutMedia: (platform: string, requirement: 'image-or-video' | 'video') =>
    requirement === 'video'
      ? `${platformName(platform)} needs a video: this post will not go to ${platformName(platform)}.`
      : `${platformName(platform)} needs a picture or a video: this post will not go to ${platformName(platform)}.`,
  threadStopped: (posted: number, total: number, reason: string) =>
    `The thread stopped after ${posted} of its ${total} posts: ${reason}`,
  unknownOutcome: (platform: string) =>
    `${platformName(platform)} did not answer after the post was sent; checking the account's recent posts before trying again.`,
  /** The same, where the platform cannot be asked (PLATFORMS_WITHOUT_POST_LOOKUP): the person looks instead. */
  unknownOutcomeToCheck: (platform: string) =>
    `${platformName(platform)} did not answer after the post was sent, and it cannot tell apps whether the post arrived: look for it on ${platformName(platform)}, and choose "Post again" only if it is not there.`,
} as const;

/**
 * Why a failed post cannot be sent again ("Retry" in the terminal, POST /api/terminal/{id}/posts/{platform}/retry):
 * the sentences a refusal answers with, shared so the browser and the server say the same thing.
 */
export const RETRY_MESSAGES = {
  noDelivery: (platform: string) => `This post was not meant for ${platformName(platform)}.`,
  published: (platform: string) => `This post is already on ${platformName(platform)}: it is not sent again.`,
  goingOut: (platform: string) =>
    `This post is already going out to ${platformName(platform)}: wait for the outcome shown here.`,
  draft: 'This post is a draft: approve it in Review to publish it.',
  rejected: 'This draft was rejected in review: it is not published.',
  removed: (platform: string) => `This post was deleted from ${platformName(platform)}: it is not posted again.`,
  neverSent: (platform: string) => `This post was never sent to ${platformName(platform)} and cannot be sent now.`,
  connectFirst: (platform: string) => `No ${platformName(platform)} account is connected: connect one, then retry.`,
  noAdapter: (platform: string) => `Publishing to ${platformName(platform)} is not available on this server.`,
  needsMedia: (platform: string, requirement: 'image-or-video' | 'video') =>
    `${platformName(platform)} needs ${requirement === 'video' ? 'a video' : 'an image or a video'} and this post has none: retrying cannot change that.`,
} as const;
