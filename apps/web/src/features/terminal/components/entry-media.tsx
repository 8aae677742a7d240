import { useRef, useState } from 'react';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { MediaViewer } from './media-viewer.tsx';
import { PostVideo } from './post-video.tsx';

const labelOf = (item: MediaItem, agentName: string) =>
  `${item.kind === 'image' ? 'Image' : 'Video'} from ${agentName}'s post`;

/**
 * A post's images and videos, shown (not linked): an image opens large when clicked; a video plays where it is, and
 * its "Enlarge" button opens it large. Closing the large view puts focus back on what opened it.
 */
export const EntryMedia = ({ media, agentName }: { media: MediaItem[]; agentName: string }) => {
  const [open, setOpen] = useState<number | null>(null);
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const shown = open === null ? undefined : media[open];
  const close = () => {
    const opener = open === null ? undefined : openers.current.get(open);
    setOpen(null);
    opener?.focus();
  };
  const keep = (index: number) => (button: HTMLButtonElement | null) => {
    if (button) openers.current.set(index, button);
    else openers.current.delete(index);
  };

  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      {media.map((item, index) =>
        item.kind === 'image' ? (
          <button
            key={item.url}
            ref={keep(index)}
            type="button"
            aria-haspopup="dialog"
            aria-label="Open the image large"
            className="block w-full cursor-zoom-in rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
            onClick={() => setOpen(index)}
          >
            <img
              src={item.url}
              alt={labelOf(item, agentName)}
              loading="lazy"
              className="w-full rounded-lg border border-ink-700"
            />
          </button>
        ) : (
          <div key={item.url} className="relative">
            <PostVideo url={item.url} poster={item.poster} label={labelOf(item, agentName)} />
            <button
              ref={keep(index)}
              type="button"
              aria-haspopup="dialog"
              aria-label="Open the video large"
              className="absolute top-2 right-2 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white hover:bg-black/90"
              onClick={() => setOpen(index)}
            >
              Enlarge
            </button>
          </div>
        ),
      )}
      {shown && <MediaViewer item={shown} label={labelOf(shown, agentName)} onClose={close} />}
    </div>
  );
};
