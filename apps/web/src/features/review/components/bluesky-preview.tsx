import { BlueskyMark } from '../../../components/marks/bluesky-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import type { ThreadablePreviewProps } from '../lib/preview-author.ts';
import { PreviewMedia } from './preview-media.tsx';
import { ReviewAvatar } from './review-avatar.tsx';

/**
 * The post as Bluesky's app shows it: round avatar and name, the text, its video or first image, and the count against 300
 * graphemes (Bluesky's measure: an emoji with its skin tone is one).
 */
export const BlueskyPreview = ({ author, text, media, xThreads = false }: ThreadablePreviewProps) => {
  // One video, or else the first image, as the post carries (a video wins, as on X).
  const visual = media.find((item) => item.kind === 'video') ?? media.find((item) => item.kind === 'image');
  return (
    <article
      aria-label="Bluesky preview"
      className="rounded-xl border border-slate-700 bg-[#161e27] p-4 text-[15px] text-slate-100"
    >
      <div className="flex gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">
            {author.name} <span className="font-normal text-slate-400">· now</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="bluesky-preview-text">
            {text.trim()}
          </p>
          {visual && (
            <div className="mt-3 overflow-hidden rounded-lg border border-slate-700">
              <PreviewMedia
                item={visual}
                label={`${visual.kind === 'video' ? 'Video' : 'Image'} of the Bluesky post`}
              />
            </div>
          )}
          <div className="mt-3 flex items-center justify-between text-slate-400">
            <BlueskyMark className="size-4 text-[#1185fe]" />
            <CharacterCount text={text} platform="bluesky" xThreads={xThreads} />
          </div>
        </div>
      </div>
    </article>
  );
};
