import type { MediaItem } from '@agentcast/contracts/terminal';
import { CharacterCount } from './character-count.tsx';
import { PreviewMedia } from './preview-media.tsx';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { ReviewAvatar } from './review-avatar.tsx';

/** The post as LinkedIn's feed shows it: a light card, the author, the longer text, one image across the card. */
export const LinkedInPreview = ({
  author,
  text,
  media,
}: {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
}) => {
  const [first] = media;
  return (
    <article
      aria-label="LinkedIn preview"
      className="overflow-hidden rounded-lg border border-slate-300 bg-white text-sm text-slate-900"
    >
      <div className="flex gap-2 p-3">
        <ReviewAvatar name={author.name} image={author.image} className="size-12" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{author.name}</p>
          <p className="text-xs text-slate-400">Now</p>
        </div>
      </div>
      <p className="whitespace-pre-wrap break-words px-3 pb-3 leading-5" data-testid="linkedin-preview-text">
        {text.trim()}
      </p>
      {first && (
        <div className="max-h-96 overflow-hidden border-y border-slate-200">
          <PreviewMedia item={first} label="Media of the LinkedIn post" />
        </div>
      )}
      <div className="flex items-center justify-between border-t border-slate-200 px-3 py-2 text-xs text-slate-400">
        <span aria-hidden="true">Like · Comment · Repost · Send</span>
        <CharacterCount text={text} platform="linkedin" className="!text-slate-400" />
      </div>
    </article>
  );
};
