import type { ReactNode } from 'react';
import { MissingMediaNote } from './missing-media-note.tsx';

/**
 * A vertical-video platform's post (a YouTube Short, a TikTok): its 9:16 frame beside the words where the card is
 * wide enough, above them where not; without a frame, the note saying why the post will not go there.
 */
export const VerticalPostLayout = ({
  label,
  surface,
  frame,
  missingMedia,
  children,
}: {
  /** The article's name ("YouTube preview"). */
  label: string;
  /** The platform's own background colour class. */
  surface: string;
  frame?: ReactNode;
  missingMedia?: string;
  children: ReactNode;
}) => (
  <article
    aria-label={label}
    className={`@container rounded-xl border border-zinc-800 p-3 text-sm text-zinc-100 ${surface}`}
  >
    <div className={`flex flex-col gap-3 ${frame ? '@md:flex-row' : ''}`}>
      {frame ? (
        <div className="mx-auto w-full max-w-[15rem] shrink-0 overflow-hidden rounded-xl ring-1 ring-white/15 @md:mx-0 @md:w-44">
          {frame}
        </div>
      ) : (
        missingMedia && <MissingMediaNote text={missingMedia} surface="dark" />
      )}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  </article>
);
