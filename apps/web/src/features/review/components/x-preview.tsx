import type { MediaItem } from '@agentcast/contracts/terminal';
import { CharacterCount } from './character-count.tsx';
import { PreviewMedia } from './preview-media.tsx';
import { ReviewAvatar } from './review-avatar.tsx';
import { xMediaLayout } from './x-media-layout.ts';
import type { PreviewAuthor } from './preview-author.ts';

/** The post as X shows it: round avatar, name and @handle, the text, the media grid, and the count against 280. */
export const XPreview = ({ author, text, media }: { author: PreviewAuthor; text: string; media: MediaItem[] }) => {
  const layout = xMediaLayout(media.length);
  return (
    <article
      aria-label="X preview"
      className="rounded-2xl border border-zinc-800 bg-black p-4 text-[15px] text-zinc-100"
    >
      <div className="flex gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-1.5 leading-5">
            <span className="truncate font-bold">{author.name}</span>
            {author.xHandle && <span className="truncate text-zinc-400">@{author.xHandle}</span>}
            <span className="text-zinc-400">· now</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="x-preview-text">
            {text.trim()}
          </p>
          {media.length > 0 && (
            <div className={`mt-3 overflow-hidden rounded-2xl border border-zinc-800 ${layout.grid}`}>
              {layout.items.map((itemClass, index) => {
                const item = media[index];
                return item ? (
                  <div key={item.url} className={`min-h-0 ${itemClass}`}>
                    <PreviewMedia
                      item={item}
                      label={`Media ${index + 1} of the X post`}
                      className={media.length === 1 ? 'max-h-80' : ''}
                    />
                  </div>
                ) : null;
              })}
            </div>
          )}
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
