import { FarcasterMark } from '../../../components/marks/farcaster-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import type { ThreadablePreviewProps } from '../lib/preview-author.ts';
import { PreviewMedia } from './preview-media.tsx';
import { ReviewAvatar } from './review-avatar.tsx';

/** A cast carries up to two embeds; here the post's images (a video stays in the Terminal). */
const MAX_EMBEDS = 2;

/**
 * The cast as a Farcaster app shows it: avatar and name, the text, up to two images side by side, and the count
 * against 320 bytes (Farcaster counts UTF-8 bytes: an accented letter is two, an emoji four).
 */
export const FarcasterPreview = ({
  author,
  text,
  media,
  xThreads = false,
  channel,
}: ThreadablePreviewProps & {
  /** The agent's channel, shown as the app shows a cast's: "in /ai". */
  channel?: string;
}) => {
  const images = media.filter((item) => item.kind === 'image').slice(0, MAX_EMBEDS);
  return (
    <article aria-label="Farcaster preview" className="rounded-xl bg-[#17101f] p-4 text-[15px] text-[#ece8f4]">
      <div className="flex gap-3">
        <ReviewAvatar name={author.name} image={author.image} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-white">
            {author.name} <span className="font-normal text-[#9d8fb3]">· now</span>
            {channel && <span className="font-normal text-[#9d8fb3]"> in /{channel}</span>}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words leading-5" data-testid="farcaster-preview-text">
            {text.trim()}
          </p>
          {images.length > 0 && (
            <div className={`mt-3 grid gap-2 ${images.length > 1 ? 'grid-cols-2' : ''}`}>
              {images.map((item, index) => (
                <div key={item.url} className="overflow-hidden rounded-lg border border-[#3a2d4f]">
                  <PreviewMedia item={item} label={`Image ${index + 1} of the cast`} />
                </div>
              ))}
            </div>
          )}
          <div className="mt-3 flex items-center justify-between text-[#9d8fb3]">
            <FarcasterMark className="size-4 text-[#8A63D2]" />
            <CharacterCount text={text} platform="farcaster" xThreads={xThreads} />
          </div>
        </div>
      </div>
    </article>
  );
};
