import type { VideoPrivacy } from '@agentcast/contracts/agents';
import { PLATFORM_MEDIA_REQUIREMENTS, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { posterPathFor, type MediaItem } from '@agentcast/contracts/terminal';

/**
 * The note a preview shows when the post lacks the medium its platform needs (Instagram a picture or a video, YouTube
 * a video): the server will not send it there. Undefined when the post can go, or the platform takes text alone.
 */
export const missingMediaNote = (platform: string, media: readonly MediaItem[]) => {
  const requirement = PLATFORM_MEDIA_REQUIREMENTS[platform];
  if (!requirement) return undefined;
  // As the server checks it before publishing (publish-delivery.ts).
  const carries = media.some((item) => requirement === 'image-or-video' || item.kind === 'video');
  return carries ? undefined : PUBLISHING_MESSAGES.willNotGoWithoutMedia(platform, requirement);
};

/** A video with the still frame stored beside it, when it is a run's video (the draft lists the video alone). */
const withPoster = (item: MediaItem): MediaItem => {
  if (item.kind !== 'video' || item.poster) return item;
  const poster = posterPathFor(item.url);
  return poster ? { ...item, poster } : item;
};

/** The one medium an Instagram post carries: the video as a Reel when the post has one, else the first image. */
export const instagramMedium = (media: readonly MediaItem[]) => {
  const chosen = media.find((item) => item.kind === 'video') ?? media.find((item) => item.kind === 'image');
  return chosen && withPoster(chosen);
};

/** The video a YouTube Short or a TikTok video post is made of: the post's first. */
export const firstVideo = (media: readonly MediaItem[]) => {
  const video = media.find((item) => item.kind === 'video');
  return video && withPoster(video);
};

/** Instagram shows a feed image between 4:5 (portrait) and 1.91:1 (landscape): beyond, it crops to the nearer one. */
export const INSTAGRAM_ASPECT = { min: 4 / 5, max: 1.91 } as const;

/** The width-to-height ratio Instagram shows an image of this size at (its own, cropped into that range). */
export const instagramAspect = (width: number, height: number) => {
  if (!(width > 0) || !(height > 0)) return 1;
  return Math.min(INSTAGRAM_ASPECT.max, Math.max(INSTAGRAM_ASPECT.min, width / height));
};

/** About this many characters of a caption show under an Instagram post before "… more". */
export const INSTAGRAM_CAPTION_PREVIEW_CHARACTERS = 125;

/**
 * The start of a caption as Instagram's feed shows it before "… more": its first two lines, at most about 125
 * characters, cut after a whole word (without the punctuation the ellipsis replaces). `isCut` when there is more.
 */
export const instagramCaptionStart = (caption: string, max = INSTAGRAM_CAPTION_PREVIEW_CHARACTERS) => {
  const text = caption.trim();
  const lines = text.split('\n');
  let head = lines.length > 2 ? lines.slice(0, 2).join('\n') : text;
  const characters = Array.from(head);
  if (characters.length > max) {
    const cut = characters.slice(0, max).join('');
    const betweenWords = /\s/.test(characters[max] ?? ' ');
    const wholeWords = cut.replace(/\s+\S*$/, '');
    // A single word longer than the whole preview is cut inside it.
    head = betweenWords || wholeWords.trim() === '' ? cut : wholeWords;
  }
  head = head.trimEnd();
  if (head.length === text.length) return { shown: head, isCut: false };
  return { shown: head.replace(/(?<=\S)[.,;:]+$/u, ''), isCut: true };
};

/** The badge a YouTube preview shows for who may watch the video. */
export const VIDEO_PRIVACY_BADGES: Record<VideoPrivacy, string> = {
  private: 'Private',
  unlisted: 'Unlisted',
  public: 'Public',
};
