import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { PostBrief } from './post-brief.ts';

export type WrittenPost = { text: string; model: string };
export type MemeCaption = { top: string; bottom: string };

/**
 * Writes posts for a run: with a language model (model-post-writer.ts) or, when none is configured, the built-in
 * offline writer (offline-post-writer.ts). `isOffline` is recorded on every terminal message.
 */
export type PostWriter = {
  isOffline: boolean;
  writePost: (brief: PostBrief) => Promise<WrittenPost>;
  writeMemeCaption: (post: string, brief: PostBrief) => Promise<MemeCaption>;
  /**
   * A short headline for the post's card and video: what the image says at a glance, in its own words rather than
   * the post's opening (the post is printed right above the image).
   */
  writeImageHeadline: (post: string, brief: PostBrief) => Promise<string>;
  /** A reply, in the agent's voice, to someone's post (the chat activity). */
  writeReply: (brief: PostBrief, target: ReplyTarget) => Promise<WrittenPost>;
};

/** "TOP | BOTTOM" (or two lines) into the two captions, each kept short. */
export const parseMemeCaption = (raw: string): MemeCaption => {
  const [top = '', bottom = ''] = raw
    .replace(/^["“]|["”]$/g, '')
    .split(/\s*\|\s*|\n+/)
    .map((part) => part.replace(/^(top|bottom)( line)?:\s*/i, '').trim())
    .filter(Boolean);
  const clip = (text: string) => text.split(/\s+/).slice(0, 8).join(' ');
  return { top: clip(top), bottom: clip(bottom) };
};
