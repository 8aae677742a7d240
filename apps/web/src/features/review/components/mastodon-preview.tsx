import { MastodonMark } from '../../../components/marks/mastodon-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import type { ThreadablePreviewProps } from '../lib/preview-author.ts';
import { PreviewMedia } from './preview-media.tsx';
import { ReviewAvatar } from './review-avatar.tsx';

/** Mastodon attaches up to four media to a post; the rest stay in the Terminal. */
const MAX_ATTACHMENTS = 4;

/**
 * The post as a Mastodon app shows it: square-ish avatar and name, "Public", the text, up to four media in a grid,
 * and the count against 500 characters as Mastodon counts them (every link as 23).
 */
export const MastodonPreview = ({ author, text, media, xThreads = false }: ThreadablePreviewProps) => {
  const attached = media.filter((item) => item.kind === 'image' || item.kind === 'video').slice(0, MAX_ATTACHMENTS);
  return (
    <article aria-label="Mastodon preview" className="rounded-xl bg-[#282c37] p-4 text-[15px] text-[#d9e1e8]">
      <header className="flex items-center gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <p className="min-w-0 flex-1 truncate font-semibold text-white">{author.name}</p>
        <span className="text-xs text-[#9baec8]">Public · now</span>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words leading-6" data-testid="mastodon-preview-text">
        {text.trim()}
      </p>
      {attached.length > 0 && (
        <div className={`mt-3 grid gap-1 overflow-hidden rounded-lg ${attached.length > 1 ? 'grid-cols-2' : ''}`}>
          {attached.map((item, index) => (
            <PreviewMedia key={item.url} item={item} label={`Attachment ${index + 1} of the Mastodon post`} />
          ))}
        </div>
      )}
      <footer className="mt-3 flex items-center justify-between text-[#9baec8]">
        <MastodonMark className="size-4 text-[#6364FF]" />
        <CharacterCount text={text} platform="mastodon" xThreads={xThreads} />
      </footer>
    </article>
  );
};
