// The composer's limits and texts (POST /api/agents/:id/posts), without zod: the browser checks a post with them
// before sending, and the server refuses with the same sentences.
import { platformName } from './publishing-constants.ts';

/** X carries up to four images, the most any platform takes; LinkedIn and Instagram show the first. */
export const MAX_POST_IMAGES = 4;
/** A video a person attaches to a post (X takes up to 512 MB; this bounds what one request holds). */
export const MAX_POST_VIDEO_BYTES = 40 * 1024 * 1024;
/** The video containers the composer takes, by content type, with the extension each is stored under. */
export const POST_VIDEO_TYPES = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' } as const;
export type PostVideoType = keyof typeof POST_VIDEO_TYPES;

/**
 * Platforms that take only some media: LinkedIn and Farcaster posts carry images here, X and Bluesky take MP4 videos
 * (decision 012).
 */
export const PLATFORM_VIDEO_TYPES: Readonly<Record<string, readonly PostVideoType[]>> = {
  linkedin: [],
  farcaster: [],
  x: ['video/mp4'],
  bluesky: ['video/mp4'],
};
/** Platforms that show only the first of several images. */
export const PLATFORMS_WITH_ONE_IMAGE: readonly string[] = ['linkedin', 'instagram'];

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const COMPOSE_MESSAGES = {
  noPlatform: 'Choose at least one platform to post to.',
  notAgentPlatform: (platform: string, agentName: string) =>
    `${platformName(platform)} is not one of ${agentName}’s platforms: choose among those it posts to.`,
  textForUnchosen: (platform: string) =>
    `There is a text for ${platformName(platform)}, but ${platformName(platform)} is not chosen.`,
  imagesAndVideo: 'Attach images or one video, not both.',
  tooManyImages: `Attach at most ${MAX_POST_IMAGES} images.`,
  notAVideo: 'The video must be an MP4, WebM or MOV file.',
  videoTooLarge: `The video is too large: ${megabytes(MAX_POST_VIDEO_BYTES)} at most.`,
  requestTooLarge: `Too much to upload with one post: ${megabytes(MAX_POST_VIDEO_BYTES)} at most.`,
  videoNotTaken: (platform: string) =>
    PLATFORM_VIDEO_TYPES[platform]?.length === 0
      ? `${platformName(platform)} posts carry images only: untick ${platformName(platform)}, or attach images instead of the video.`
      : `${platformName(platform)} takes MP4 videos only: attach an MP4, or untick ${platformName(platform)}.`,
  needsMedia: (platform: string, requirement: 'image-or-video' | 'video') =>
    requirement === 'video'
      ? `${platformName(platform)} takes videos only: attach a video, or untick ${platformName(platform)}.`
      : `${platformName(platform)} needs a picture or a video: attach one, or untick ${platformName(platform)}.`,
  draftsFull: (count: number, agentName: string) =>
    `${count} drafts of ${agentName} are waiting for review: approve or reject one, then save this one.`,
  firstImageOnly: (platform: string) => `${platformName(platform)} shows the first image only.`,
} as const;

/** Whether a platform takes a video of this type (a platform with no rule takes every type the composer does). */
export const platformTakesVideo = (platform: string, type: string) => {
  const types = PLATFORM_VIDEO_TYPES[platform];
  return types === undefined || (types as readonly string[]).includes(type);
};
