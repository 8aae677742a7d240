import type { MediaItem } from '@agentcast/contracts/terminal';
import { DiscordMark } from '../../../components/marks/discord-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { PreviewMedia } from './preview-media.tsx';
import { ReviewAvatar } from './review-avatar.tsx';

/**
 * The post as a Discord channel shows a webhook's message: avatar, name with the APP tag, the text, its first
 * picture or video as an attachment, and the count against 2,000 characters.
 */
export const DiscordPreview = ({
  author,
  text,
  media,
}: {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
}) => {
  const visual = media.find((item) => item.kind === 'image' || item.kind === 'video');
  return (
    <article aria-label="Discord preview" className="rounded-xl bg-[#313338] p-4 text-[15px] text-[#dbdee1]">
      <div className="flex gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-white">
            {author.name}{' '}
            <span className="rounded bg-[#5865F2] px-1 py-px align-middle text-[10px] font-semibold text-white">
              APP
            </span>{' '}
            <span className="text-xs font-normal text-[#949ba4]">Today</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="discord-preview-text">
            {text.trim()}
          </p>
          {visual && (
            <div className="mt-2 max-w-sm overflow-hidden rounded-lg">
              <PreviewMedia item={visual} label="Attachment of the Discord message" />
            </div>
          )}
          <div className="mt-3 flex items-center justify-between text-[#949ba4]">
            <DiscordMark className="size-4 text-[#5865F2]" />
            <CharacterCount text={text} platform="discord" />
          </div>
        </div>
      </div>
    </article>
  );
};
