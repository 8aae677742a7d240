import { useRef } from 'react';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { effectiveThreadBreaks, X_POST_LIMIT } from '@agentcast/contracts/x-thread';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { ReviewAvatar } from './review-avatar.tsx';
import type { ThreadSplitControl } from '../lib/thread-split-control.ts';
import { ThreadSplitButton } from './thread-split-button.tsx';
import { XPostHeader } from './x-post-header.tsx';
import { XPostMedia } from './x-post-media.tsx';
import { threadSplit, type SplitChange } from '../lib/x-thread-split.ts';

const TOO_LONG = `Not possible: a post would be longer than ${X_POST_LIMIT} characters.`;
const CANNOT_MOVE = `Not possible: a post would be empty or longer than ${X_POST_LIMIT} characters.`;

type XThreadPreviewProps = {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
  split?: ThreadSplitControl;
};

/**
 * A text that goes to X as a thread, shown as X shows one: each numbered post under the one it replies to, joined
 * by the reply line, the media on the first, each counted against 280. With `split`, each boundary has controls to
 * move it a sentence earlier or later or to join the two posts, a post of several sentences can be split, and the
 * split can go back to the automatic one.
 */
export const XThreadPreview = ({ author, text, media, split }: XThreadPreviewProps) => {
  const listRef = useRef<HTMLOListElement>(null);
  // A waiting draft's split points are offsets in its text as saved; a text being written is sent trimmed.
  const threadText = split ? text : text.trim();
  const breaks = effectiveThreadBreaks(threadText, split?.chosen);
  const { posts, boundaries } = threadSplit(threadText, breaks);
  const total = posts.length;
  const isChosen = Boolean(split?.chosen?.length);
  /**
   * The press of a control that makes this change, none when the change is not possible. Joining and splitting
   * remove or move the control pressed, so the thread then takes the keyboard's place.
   */
  const pressFor = (change: SplitChange, { restructures = false } = {}) =>
    split && change
      ? () => {
          split.onChange(change);
          if (restructures) listRef.current?.focus();
        }
      : undefined;

  return (
    <article
      aria-label="X preview"
      aria-busy={split?.isSaving || undefined}
      className="rounded-2xl border border-zinc-800 bg-black p-4 text-[15px] text-zinc-100"
    >
      <ol ref={listRef} tabIndex={-1} aria-label={`X thread of ${total} posts`} className="outline-offset-4">
        {posts.map((post, index) => {
          const number = index + 1;
          const boundary = boundaries[index];
          const isOver = post.text.length > X_POST_LIMIT;
          return (
            <li key={number} aria-label={`Post ${number} of ${total}`} className="flex gap-3">
              <div className="flex flex-col items-center">
                <ReviewAvatar name={author.name} image={author.image} />
                {number < total && <span aria-hidden="true" className="mt-1 w-0.5 flex-1 bg-zinc-700" />}
              </div>
              <div className={`min-w-0 flex-1 ${number < total ? 'pb-4' : ''}`}>
                <XPostHeader author={author} />
                <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="x-thread-post-text">
                  {post.text}
                </p>
                {index === 0 && <XPostMedia media={media} />}
                <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
                  {split && post.canSplit && (
                    <ThreadSplitButton
                      label={`Split post ${number}`}
                      onPress={pressFor(post.split, { restructures: true })}
                      unavailableReason={TOO_LONG}
                      isSaving={split.isSaving}
                    >
                      Split post
                    </ThreadSplitButton>
                  )}
                  <span
                    className={`text-xs tabular-nums ${isOver ? 'font-semibold text-red-400' : 'text-zinc-400'}`}
                    aria-label={`Post ${number}: ${post.text.length} of ${X_POST_LIMIT} characters`}
                  >
                    {post.text.length}/{X_POST_LIMIT}
                  </span>
                </div>
                {split && boundary && (
                  <div
                    role="group"
                    aria-label={`Split point ${number}, between posts ${number} and ${number + 1}`}
                    className="mt-3 flex flex-wrap items-center gap-1.5 border-t border-dashed border-zinc-700 pt-3"
                  >
                    {/* On a phone the name takes its own line, so the three controls stay together below it. */}
                    <span className="mr-1 basis-full text-xs text-zinc-400 sm:basis-auto">Split point {number}</span>
                    <ThreadSplitButton
                      label={`Move split ${number} earlier`}
                      onPress={pressFor(boundary.earlier)}
                      unavailableReason={CANNOT_MOVE}
                      isSaving={split.isSaving}
                    >
                      <span aria-hidden="true">↑</span> Earlier
                    </ThreadSplitButton>
                    <ThreadSplitButton
                      label={`Move split ${number} later`}
                      onPress={pressFor(boundary.later)}
                      unavailableReason={CANNOT_MOVE}
                      isSaving={split.isSaving}
                    >
                      <span aria-hidden="true">↓</span> Later
                    </ThreadSplitButton>
                    <ThreadSplitButton
                      label={`Join posts ${number} and ${number + 1}`}
                      onPress={pressFor(boundary.join, { restructures: true })}
                      unavailableReason={TOO_LONG}
                      isSaving={split.isSaving}
                    >
                      Join
                    </ThreadSplitButton>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-zinc-800 pt-3 text-zinc-400">
        <p role="status" className="text-xs">
          <span aria-hidden="true" className="mr-1.5 text-sm">
            𝕏
          </span>
          Thread of {total} posts
          {split && (isChosen ? ' · split where you chose' : ' · split between sentences')}
        </p>
        {split && (
          <ThreadSplitButton
            label="Reset split"
            onPress={isChosen ? () => split.onChange(null) : undefined}
            unavailableReason="The thread is already split between sentences automatically."
            isSaving={split.isSaving}
          >
            Reset split
          </ThreadSplitButton>
        )}
      </div>
    </article>
  );
};
