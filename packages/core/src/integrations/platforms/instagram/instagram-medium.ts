import { PlatformError, type PostMedia } from '../common/platform.ts';

/** What a post's media must be for Instagram, which downloads them itself. */
export const PUBLIC_MEDIA_HINT =
  'Set PUBLIC_URL to the address this server is reached at from the internet, or keep media in a public S3 bucket (S3_PUBLIC_URL).';

/** The one image or video an Instagram post carries, as Instagram fetches it. */
export type InstagramMedium = {
  kind: 'image' | 'video';
  url: string;
  altText?: string;
  /** A Reel's cover (the video's poster frame). */
  coverUrl?: string;
};

const isJpeg = (medium: PostMedia) => medium.contentType === 'image/jpeg';
const isSendable = (medium: PostMedia) => Boolean(medium.publicUrl) && (medium.kind === 'video' || isJpeg(medium));

/** Why a medium cannot go to Instagram, as a clause. */
const whyNotSendable = (medium: PostMedia) =>
  medium.publicUrl
    ? `the image is ${medium.contentType}, and Instagram takes JPEG images only`
    : `the ${medium.kind} has no public address for Instagram to fetch it from`;

/** "an image", "2 images and a video" was/were left out. */
const describeLeftOut = (media: PostMedia[]) => {
  const count = (kind: PostMedia['kind']) => media.filter((medium) => medium.kind === kind).length;
  const phrase = (kind: PostMedia['kind'], n: number) =>
    n === 1 ? `a${kind === 'image' ? 'n' : ''} ${kind}` : `${n} ${kind}s`;
  const parts = (['image', 'video'] as const)
    .filter((kind) => count(kind) > 0)
    .map((kind) => phrase(kind, count(kind)));
  return `${parts.join(' and ')} ${media.length === 1 ? 'was' : 'were'} left out`;
};

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * An Instagram post carries one medium here: the video as a Reel when the run made one (a Reel reaches further than
 * a still), else the first JPEG image. Media without a public address, and images that are not JPEG, cannot be sent;
 * the notes say what was left out and why. Throws a permanent PlatformError when nothing can be sent, before
 * Instagram is called: Instagram posts cannot be text alone.
 */
export const chooseInstagramMedium = (media: PostMedia[]): { medium: InstagramMedium; notes: string[] } => {
  const chosen =
    media.find((medium) => medium.kind === 'video' && isSendable(medium)) ??
    media.find((medium) => medium.kind === 'image' && isSendable(medium));
  const unsendable = media.filter((medium) => !isSendable(medium));
  if (!chosen?.publicUrl) {
    const reasons = unsendable.map(whyNotSendable);
    const hint = unsendable.some((medium) => !medium.publicUrl) ? ` ${PUBLIC_MEDIA_HINT}` : '';
    throw new PlatformError(
      'instagram',
      'permanent',
      'rejected',
      media.length === 0
        ? 'Instagram posts need an image or a video, and this post has neither.'
        : `Instagram posts need a JPEG image or a video at a public address, and this post has none: ${reasons.join('; ')}.${hint}`,
    );
  }
  const extra = media.filter((medium) => medium !== chosen && isSendable(medium));
  const notes = [
    ...(extra.length > 0 ? [`Instagram posts carry one image or one video here: ${describeLeftOut(extra)}.`] : []),
    ...unsendable.map((medium) => `${capitalized(whyNotSendable(medium))}: it was left out.`),
  ];
  const medium: InstagramMedium = {
    kind: chosen.kind,
    url: chosen.publicUrl,
    ...(chosen.kind === 'image' && chosen.altText && { altText: chosen.altText }),
    ...(chosen.kind === 'video' && chosen.posterUrl && { coverUrl: chosen.posterUrl }),
  };
  return { medium, notes };
};
