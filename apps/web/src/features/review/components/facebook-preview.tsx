import type { MediaItem } from '@agentcast/contracts/terminal';
import { FacebookMark } from '../../../components/marks/facebook-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import { PreviewMedia } from './preview-media.tsx';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { ReviewAvatar } from './review-avatar.tsx';

/**
 * The post as a Facebook Page's feed shows it: the Page's name, the text, then the video, or the photos (one across
 * the card, several in a grid), as the post carries them: a video wins over photos.
 */
export const FacebookPreview = ({
  author,
  text,
  media,
}: {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
}) => {
  const video = media.find((item) => item.kind === 'video');
  const photos = video ? [] : media.filter((item) => item.kind === 'image');
  return (
    <article
      aria-label="Facebook preview"
      className="overflow-hidden rounded-lg border border-zinc-700 bg-[#242526] text-[15px] text-[#e4e6eb]"
    >
      <div className="flex items-center gap-2 p-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{author.name}</p>
          <p className="text-xs text-[#b0b3b8]">Just now · Public</p>
        </div>
      </div>
      <p className="whitespace-pre-wrap break-words px-3 pb-3 leading-5" data-testid="facebook-preview-text">
        {text.trim()}
      </p>
      {video && <PreviewMedia item={video} label="Video of the Facebook post" />}
      {photos.length > 0 && (
        <div className={`grid gap-0.5 ${photos.length > 1 ? 'grid-cols-2' : ''}`}>
          {photos.slice(0, 4).map((item, index) => (
            <PreviewMedia key={item.url} item={item} label={`Photo ${index + 1} of the Facebook post`} />
          ))}
        </div>
      )}
      <div className="flex items-center justify-between border-t border-zinc-700 px-3 py-2 text-xs text-[#b0b3b8]">
        <FacebookMark className="size-4 text-[#0866FF]" />
        <span aria-hidden="true">Like · Comment · Share</span>
        <CharacterCount text={text} platform="facebook" />
      </div>
    </article>
  );
};
