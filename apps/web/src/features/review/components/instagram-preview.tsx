import { useState } from 'react';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { CharacterCount } from './character-count.tsx';
import { MissingMediaNote } from './missing-media-note.tsx';
import { instagramAspect, instagramCaptionStart, instagramMedium, missingMediaNote } from '../lib/platform-media.ts';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { ReviewAvatar } from './review-avatar.tsx';
import { VerticalVideo } from './vertical-video.tsx';

const ICON = 'size-6';

/** Like, comment, share and save, as Instagram draws them under a post (decoration: a preview has no actions). */
const ActionIcons = () => (
  <div aria-hidden="true" className="flex items-center gap-4 text-zinc-900">
    <svg viewBox="0 0 24 24" className={ICON} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M12 20.5s-7.5-4.4-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.7-7.5 10.1-7.5 10.1Z" />
    </svg>
    <svg viewBox="0 0 24 24" className={ICON} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M20.6 17.4A9.5 9.5 0 1 0 17 20.8l4 1-0.4-4.4Z" strokeLinejoin="round" />
    </svg>
    <svg viewBox="0 0 24 24" className={ICON} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M21.5 3 10 13.5M21.5 3l-7 18-4.5-7.5L2.5 9l19-6Z" strokeLinejoin="round" />
    </svg>
    <svg viewBox="0 0 24 24" className={`${ICON} ml-auto`} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M19 21 12 16l-7 5V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17Z" strokeLinejoin="round" />
    </svg>
  </div>
);

/** The Reel's sign, drawn on its frame as Instagram marks a Reel. */
const ReelMark = () => (
  <span className="flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white">
    <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M3 8.5h18M8 3l3 5.5M14 3l3 5.5M10 12v5l4.5-2.5L10 12Z" strokeLinejoin="round" />
    </svg>
    Reel
  </span>
);

/** The first image, cropped as Instagram's feed shows it: its own shape, kept between 4:5 and 1.91:1. */
const InstagramImage = ({ image }: { image: MediaItem }) => {
  const [aspect, setAspect] = useState(1);
  return (
    <div className="overflow-hidden bg-zinc-100" style={{ aspectRatio: aspect }} data-testid="instagram-image-frame">
      <img
        src={image.url}
        alt="Image of the Instagram post"
        loading="lazy"
        onLoad={(event) =>
          setAspect(instagramAspect(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight))
        }
        className="h-full w-full object-cover"
      />
    </div>
  );
};

/** The caption under the post: the account's name in bold, then the text, its start only until "more" is pressed. */
const Caption = ({ name, text }: { name: string; text: string }) => {
  const [isOpen, setIsOpen] = useState(false);
  const { shown, isCut } = instagramCaptionStart(text);
  return (
    <p className="mt-2 whitespace-pre-wrap break-words leading-5" data-testid="instagram-preview-caption">
      <span className="font-semibold">{name}</span> {isOpen || !isCut ? text.trim() : shown}
      {isCut && !isOpen && (
        <>
          …{' '}
          <button
            type="button"
            onClick={() => setIsOpen(true)}
            aria-label="more: show the whole caption"
            className="text-zinc-600 hover:text-zinc-900"
          >
            more
          </button>
        </>
      )}
    </p>
  );
};

/**
 * The post as Instagram's feed shows it: the account, its one medium — the video as a Reel (9:16) when the post has
 * one, else the first image — then the caption, cut after about 125 characters, and the count against 2,200. A post
 * without a picture or a video says that it will not go to Instagram.
 */
export const InstagramPreview = ({
  author,
  text,
  media,
}: {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
}) => {
  const medium = instagramMedium(media);
  const note = missingMediaNote('instagram', media);
  return (
    <article
      aria-label="Instagram preview"
      className="overflow-hidden rounded-lg border border-zinc-300 bg-white text-sm text-zinc-900"
    >
      <div className="flex items-center gap-2.5 px-3 py-2.5">
        <span className="rounded-full bg-gradient-to-tr from-amber-400 via-pink-500 to-purple-600 p-0.5">
          <span className="block rounded-full bg-white p-0.5">
            <ReviewAvatar name={author.name} image={author.image} className="size-8" />
          </span>
        </span>
        <p className="min-w-0 flex-1 truncate font-semibold">{author.name}</p>
        <span aria-hidden="true" className="text-lg leading-none tracking-widest text-zinc-900">
          ···
        </span>
      </div>
      {medium?.kind === 'video' ? (
        <div className="bg-black">
          <div className="mx-auto max-w-[17rem]">
            <VerticalVideo
              video={medium}
              label="Video of the Instagram Reel"
              playLabel="Play the Instagram Reel"
              mark={<ReelMark />}
            />
          </div>
        </div>
      ) : medium ? (
        <InstagramImage image={medium} />
      ) : null}
      <div className="px-3 pt-3 pb-3">
        {note ? <MissingMediaNote text={note} surface="light" /> : <ActionIcons />}
        <Caption name={author.name} text={text} />
        <div className="mt-2 flex justify-end">
          <CharacterCount text={text} platform="instagram" surface="light" />
        </div>
      </div>
    </article>
  );
};
