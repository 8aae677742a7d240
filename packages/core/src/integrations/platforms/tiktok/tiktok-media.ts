import { PlatformError, type PostMedia } from '../common/platform.ts';

/** What a TikTok post carries: the video's bytes (uploaded), or photos TikTok fetches from their public URLs. */
export type TikTokContent = { kind: 'video'; video: PostMedia } | { kind: 'photos'; urls: string[] };

/** TikTok's most photos in one post. */
const MAX_PHOTOS = 35;
/** TikTok's photo posts take JPEG and WebP only (no PNG). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/webp']);

const PUBLIC_MEDIA_HINT =
  'TikTok fetches photos itself: set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).';

const isSendableVideo = (medium: PostMedia) => medium.kind === 'video' && medium.bytes.length > 0;
const isSendablePhoto = (medium: PostMedia) =>
  medium.kind === 'image' && Boolean(medium.publicUrl) && PHOTO_TYPES.has(medium.contentType);

/** Why a medium cannot go to TikTok, as a clause. */
const whyNot = (medium: PostMedia) => {
  if (medium.kind === 'video') return 'the video is empty (0 bytes)';
  if (!medium.publicUrl) return 'the image has no public address for TikTok to fetch it from';
  return `the image is ${medium.contentType}, and TikTok takes JPEG or WebP photos only`;
};

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const counted = (count: number, noun: string) => (count === 1 ? `the ${noun} was` : `the ${count} ${noun}s were`);

/**
 * A TikTok post is one video (uploaded from its bytes) or up to 35 photos (fetched by TikTok from their public
 * URLs), never both: the video wins, as TikTok is a video network. The notes say what was left out and why. Throws a
 * permanent PlatformError when nothing can be sent, before TikTok is called: TikTok posts cannot be text alone.
 */
export const chooseTikTokContent = (media: PostMedia[]): { content: TikTokContent; notes: string[] } => {
  const videos = media.filter(isSendableVideo);
  const photos = media.filter(isSendablePhoto);
  const unsendable = media.filter((medium) => !isSendableVideo(medium) && !isSendablePhoto(medium));
  const [video] = videos;
  if (!video && photos.length === 0) {
    const hint = unsendable.some((medium) => medium.kind === 'image' && !medium.publicUrl)
      ? ` ${PUBLIC_MEDIA_HINT}`
      : '';
    throw new PlatformError(
      'tiktok',
      'permanent',
      'rejected',
      media.length === 0
        ? 'TikTok posts need a video or an image, and this post has neither.'
        : `TikTok posts need a video, or JPEG images at a public address, and this post has none: ${unsendable.map(whyNot).join('; ')}.${hint}`,
    );
  }
  const notes = unsendable
    .filter((medium) => !video || medium.kind === 'video')
    .map((medium) => `${capitalized(whyNot(medium))}: it was left out.`);
  if (video) {
    const images = media.filter((medium) => medium.kind === 'image').length;
    if (images > 0)
      notes.unshift(`TikTok posts carry a video or photos, not both: ${counted(images, 'image')} left out.`);
    if (videos.length > 1)
      notes.push(`A TikTok post is one video: ${counted(videos.length - 1, 'other video')} left out.`);
    return { content: { kind: 'video', video }, notes };
  }
  if (photos.length > MAX_PHOTOS) {
    notes.push(`TikTok posts carry at most ${MAX_PHOTOS} photos: ${photos.length - MAX_PHOTOS} more were left out.`);
  }
  const urls = photos.slice(0, MAX_PHOTOS).map((photo) => photo.publicUrl!);
  return { content: { kind: 'photos', urls }, notes };
};
