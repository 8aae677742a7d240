import type { MediaItem } from '@agentcast/contracts/terminal';
import { TelegramMark } from '../../../components/marks/telegram-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { PreviewMedia } from './preview-media.tsx';

/** Telegram's longest caption under a picture or video; a longer text goes out as its own message first. */
const CAPTION_LIMIT = 1024;

/**
 * The post as a Telegram channel shows it: a bubble with the picture on top, the text under it, and the count
 * against 4,096 characters. With a picture, a text past 1,024 characters cannot be its caption: the preview says
 * it goes out as a message of its own, above the picture, as publishing sends it.
 */
export const TelegramPreview = ({
  author,
  text,
  media,
}: {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
}) => {
  const visual = media.find((item) => item.kind === 'image' || item.kind === 'video');
  const isSplit = visual !== undefined && text.trim().length > CAPTION_LIMIT;
  return (
    <article aria-label="Telegram preview" className="rounded-xl bg-[#0e1621] p-4 text-[15px] text-slate-100">
      <div className="max-w-md overflow-hidden rounded-2xl rounded-bl-sm bg-[#182533]">
        {visual && !isSplit && <PreviewMedia item={visual} label="Picture of the Telegram post" />}
        <div className="px-3 py-2">
          <p className="text-sm font-semibold text-[#6ab3f3]">{author.name}</p>
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="telegram-preview-text">
            {text.trim()}
          </p>
        </div>
        {visual && isSplit && <PreviewMedia item={visual} label="Picture of the Telegram post" />}
      </div>
      {isSplit && (
        <p className="mt-2 text-xs text-slate-400">
          Longer than a caption (1,024 characters): the text goes out as a message, with the picture after it.
        </p>
      )}
      <div className="mt-3 flex items-center justify-between text-slate-400">
        <TelegramMark className="size-4 text-[#229ED9]" />
        <CharacterCount text={text} platform="telegram" />
      </div>
    </article>
  );
};
