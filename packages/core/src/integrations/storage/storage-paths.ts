import type { ImageExtension } from './inspect-image.ts';

let lastTimestamp = 0;

/**
 * The spec's paths end in a millisecond timestamp. Several files saved in one request (or requests racing in this
 * process) would collide in the same millisecond, so a timestamp is never handed out twice: a repeat becomes the
 * next free millisecond.
 */
const uniqueTimestamp = (now: number) => {
  lastTimestamp = Math.max(Math.trunc(now), lastTimestamp + 1);
  return lastTimestamp;
};

// The user id becomes part of a storage path; names from the browser never do.
const checkedWorkspaceId = (workspaceId: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(workspaceId))
    throw new Error(`Unsafe user id for a storage path: ${JSON.stringify(workspaceId)}`);
  return workspaceId;
};

export const agentImagePath = (workspaceId: string, extension: ImageExtension, now = Date.now()) =>
  `agent-images/${checkedWorkspaceId(workspaceId)}_${uniqueTimestamp(now)}.${extension}`;

export const trainingFilePath = (workspaceId: string, now = Date.now()) =>
  `${checkedWorkspaceId(workspaceId)}_${uniqueTimestamp(now)}.pdf`;

export const contextFilePath = (workspaceId: string, now = Date.now()) =>
  `${checkedWorkspaceId(workspaceId)}_${uniqueTimestamp(now)}_context.txt`;

/** Media of posts (an agent run's memes, cards and videos; a person's own image), in the public images bucket. */
export const agentMediaPath = (workspaceId: string, extension: ImageExtension | 'mp4', now = Date.now()) =>
  `agent-media/${checkedWorkspaceId(workspaceId)}_${uniqueTimestamp(now)}.${extension}`;

/**
 * A video a person attached to a post. Not under agent-media/: a run's own videos there have a poster frame beside
 * them (contracts posterPathFor), which a person's video does not.
 */
export const postVideoPath = (workspaceId: string, extension: 'mp4' | 'webm' | 'mov', now = Date.now()) =>
  `post-media/${checkedWorkspaceId(workspaceId)}_${uniqueTimestamp(now)}.${extension}`;

export type MediaRendition = 'jpeg' | 'vertical';

/**
 * Where a platform's form of a run's medium is kept, beside the original and named after it (`…_123.png` →
 * `…_123-rendition.jpg`, `…_123.mp4` → `…_123-vertical.mp4`): found again by every later delivery and retry, and
 * removed with it.
 */
export const renditionPathFor = (path: string, rendition: MediaRendition) => {
  const base = path.replace(/\.[a-z0-9]+$/, '');
  return rendition === 'jpeg' ? `${base}-rendition.jpg` : `${base}-vertical.mp4`;
};

/**
 * The poster of a video's vertical form (`…_123.mp4` → `…_123-vertical-poster.png`): a Reel's cover in the Reel's own
 * shape. Made with the vertical video when the run's card is rendered for portrait (create-post-media.ts).
 */
export const verticalPosterPathFor = (path: string) => `${path.replace(/\.[a-z0-9]+$/, '')}-vertical-poster.png`;
