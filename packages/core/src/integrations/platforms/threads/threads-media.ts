import { PUBLIC_MEDIA_HINT } from '../instagram/instagram-medium.ts';
import type { PostMedia } from '../common/platform.ts';

/** One image or video as Threads fetches it. */
export type ThreadsMedium = { kind: 'image' | 'video'; url: string; altText?: string };

/** What a Threads post carries: text alone, one medium, or a carousel of 2 to 20. */
export type ThreadsAttachment =
  { kind: 'text' } | { kind: 'single'; medium: ThreadsMedium } | { kind: 'carousel'; media: ThreadsMedium[] };

/** Threads' limit on a carousel's items. */
export const THREADS_CAROUSEL_MAX = 20;

const TAKES: Record<PostMedia['kind'], RegExp> = {
  image: /^image\/(jpeg|png)$/,
  video: /^video\/(mp4|quicktime)$/,
};
const isSendable = (medium: PostMedia) => Boolean(medium.publicUrl) && TAKES[medium.kind].test(medium.contentType);

/** Why a medium cannot go to Threads, as a clause. */
const whyNotSendable = (medium: PostMedia) =>
  medium.publicUrl
    ? `the ${medium.kind} is ${medium.contentType}, and Threads takes JPEG and PNG images and MP4 and MOV videos`
    : `the ${medium.kind} has no public address for Threads to fetch it from`;

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const asThreadsMedium = (medium: PostMedia): ThreadsMedium => ({
  kind: medium.kind,
  url: medium.publicUrl ?? '',
  ...(medium.altText && { altText: medium.altText }),
});

/**
 * What of the run's media a Threads post carries. Threads downloads media itself, so only those at a public address
 * in a form it takes can go; with none the post is text alone (Threads takes that), with notes saying what was left
 * out and why. Two or more make a carousel, in the run's order, up to Threads' 20.
 */
export const chooseThreadsAttachment = (media: PostMedia[]): { attachment: ThreadsAttachment; notes: string[] } => {
  const sendable = media.filter(isSendable);
  const unsendable = media.filter((medium) => !isSendable(medium));
  const overflow = sendable.slice(THREADS_CAROUSEL_MAX);
  const notes = [
    ...unsendable.map((medium) => `${capitalized(whyNotSendable(medium))}: it was left out.`),
    ...(unsendable.some((medium) => !medium.publicUrl) ? [PUBLIC_MEDIA_HINT] : []),
    ...(overflow.length > 0
      ? [`A Threads carousel carries at most ${THREADS_CAROUSEL_MAX} media: ${overflow.length} more were left out.`]
      : []),
  ];
  const chosen = sendable.slice(0, THREADS_CAROUSEL_MAX).map(asThreadsMedium);
  const [first] = chosen;
  const attachment: ThreadsAttachment =
    chosen.length > 1
      ? { kind: 'carousel', media: chosen }
      : first
        ? { kind: 'single', medium: first }
        : { kind: 'text' };
  return { attachment, notes };
};
