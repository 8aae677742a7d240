import type { MediaItem } from '@agentcast/contracts/terminal';
import { CharacterCount } from './character-count.tsx';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { goesAsThread } from '../lib/post-text.ts';
import { ReviewAvatar } from './review-avatar.tsx';
import type { ThreadSplitControl } from '../lib/thread-split-control.ts';
import { XPostHeader } from './x-post-header.tsx';
import { XPostMedia } from './x-post-media.tsx';
import { XThreadPreview } from './x-thread-preview.tsx';

type XPreviewProps = {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
  /** The agent posts a longer text as a thread: it is then shown as the thread's posts. */
  xThreads?: boolean;
  /** The thread's split points can be changed here (a waiting draft). */
  split?: ThreadSplitControl;
};

/**
 * The post as X shows it: round avatar, name and @handle, the text, the media grid, and the count against 280; or,
 * for a text that goes to X as a thread, the thread's numbered posts in their reply chain.
 */
export const XPreview = ({ author, text, media, xThreads = false, split }: XPreviewProps) => {
  if (goesAsThread(text, { xThreads })) {
    return <XThreadPreview author={author} text={text} media={media} split={split} />;
  }
  return (
    <article
      aria-label="X preview"
      className="rounded-2xl border border-zinc-800 bg-black p-4 text-[15px] text-zinc-100"
    >
      <div className="flex gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0 flex-1">
          <XPostHeader author={author} />
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="x-preview-text">
            {text.trim()}
          </p>
          <XPostMedia media={media} />
          <div className="mt-3 flex items-center justify-between text-zinc-400">
            <span aria-hidden="true" className="text-sm">
              𝕏
            </span>
            <CharacterCount text={text} platform="x" />
          </div>
        </div>
      </div>
    </article>
  );
};
