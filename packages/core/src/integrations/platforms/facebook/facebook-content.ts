import type { PostMedia } from '../common/platform.ts';

/** What one Facebook publish makes, chosen from the run's media. */
export type FacebookContent =
  | { kind: 'text' }
  | { kind: 'photo'; image: PostMedia }
  | { kind: 'photos'; images: PostMedia[] }
  | { kind: 'video'; video: PostMedia };

/** "an image", "2 images and a video". */
const describe = (media: PostMedia[]) => {
  const phrase = (kind: PostMedia['kind']) => {
    const count = media.filter((medium) => medium.kind === kind).length;
    if (count === 0) return [];
    return [count === 1 ? `a${kind === 'image' ? 'n' : ''} ${kind}` : `${count} ${kind}s`];
  };
  return [...phrase('image'), ...phrase('video')].join(' and ');
};
const leftOut = (media: PostMedia[]) => `${describe(media)} ${media.length === 1 ? 'was' : 'were'} left out`;

/**
 * What the post carries, and notes on what it cannot. A reply is a comment, and comments carry text here. A post
 * carries the video when the run made one (a Page video reaches further than a still; a post cannot mix the two),
 * else its images — one as a photo post, several as one post with every photo attached — else the text alone.
 */
export const chooseFacebookContent = (
  media: PostMedia[],
  { isReply }: { isReply: boolean },
): { content: FacebookContent; notes: string[] } => {
  if (isReply) {
    const notes = media.length > 0 ? [`Facebook comments carry text only here: ${leftOut(media)}.`] : [];
    return { content: { kind: 'text' }, notes };
  }
  const video = media.find((medium) => medium.kind === 'video');
  if (video) {
    const others = media.filter((medium) => medium !== video);
    const notes = others.length > 0 ? [`Facebook posts carry images or one video here: ${leftOut(others)}.`] : [];
    return { content: { kind: 'video', video }, notes };
  }
  const images = media.filter((medium) => medium.kind === 'image');
  if (images.length === 1 && images[0]) return { content: { kind: 'photo', image: images[0] }, notes: [] };
  if (images.length > 1) return { content: { kind: 'photos', images }, notes: [] };
  return { content: { kind: 'text' }, notes: [] };
};

/**
 * The first web address in the text, sent as the post's `link` so Facebook shows the page's preview card (a message
 * alone gets none). Punctuation that ends a sentence is not part of the address.
 */
export const firstLinkOf = (text: string): string | undefined =>
  /https?:\/\/[^\s<>"]+/i.exec(text)?.[0].replace(/[.,;:!?'")\]]+$/, '');
