import { ThreadsMark } from '../../../components/marks/threads-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import type { ThreadablePreviewProps } from '../lib/preview-author.ts';
import { PreviewMedia } from './preview-media.tsx';
import { ReviewAvatar } from './review-avatar.tsx';

/** A Threads carousel holds up to 20 images and videos. */
const MAX_CAROUSEL_ITEMS = 20;

/**
 * The post as the Threads app shows it: round avatar and name, the text, its media (several side by side, as a
 * carousel swipes), and the count against 500 characters as Threads counts them (an emoji as its bytes).
 */
export const ThreadsPreview = ({ author, text, media, xThreads = false }: ThreadablePreviewProps) => {
  const attached = media.filter((item) => item.kind === 'image' || item.kind === 'video').slice(0, MAX_CAROUSEL_ITEMS);
  return (
    <article
      aria-label="Threads preview"
      className="rounded-xl border border-zinc-800 bg-black p-4 text-[15px] text-zinc-100"
    >
      <div className="flex gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">
            {author.name} <span className="font-normal text-zinc-500">now</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="threads-preview-text">
            {text.trim()}
          </p>
          {attached.length > 0 && (
            <div className="mt-3 flex snap-x gap-2 overflow-x-auto" aria-label="Media of the Threads post">
              {attached.map((item, index) => (
                <div
                  key={item.url}
                  className={`shrink-0 snap-start overflow-hidden rounded-lg border border-zinc-800 ${attached.length > 1 ? 'w-3/5' : 'w-full'}`}
                >
                  <PreviewMedia item={item} label={`Item ${index + 1} of the Threads post`} />
                </div>
              ))}
            </div>
          )}
          <div className="mt-3 flex items-center justify-between text-zinc-500">
            <ThreadsMark className="size-4 text-zinc-200" />
            <CharacterCount text={text} platform="threads" xThreads={xThreads} />
          </div>
        </div>
      </div>
    </article>
  );
};
