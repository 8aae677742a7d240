import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import type { MediaItem } from '@agentcast/contracts/terminal';

type VerticalVideoProps = {
  video: MediaItem;
  /** What the video is, for a screen reader ("Video of the Instagram Reel"). */
  label: string;
  /** The play badge's name ("Play the Reel"). */
  playLabel: string;
  /** Drawn over the frame's top, as the platform marks it (a Reel's or a Short's sign). */
  mark?: ReactNode;
};

/**
 * A Reel's or a Short's 9:16 frame as the platform gets it: the video scaled to the frame's width on the card's ink,
 * bars above and below (core's vertical rendition). Its poster shows with a play badge until a person plays it;
 * without a poster (older videos), the video's own first frame does.
 */
export const VerticalVideo = ({ video, label, playLabel, mark }: VerticalVideoProps) => {
  const [isPlaying, setIsPlaying] = useState(false);
  const [posterFailed, setPosterFailed] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  // The play badge goes away when pressed: focus moves to the player, not to the page's start.
  useEffect(() => {
    if (isPlaying) player.current?.focus();
  }, [isPlaying]);
  const showFirstFrame = (event: SyntheticEvent<HTMLVideoElement>) => {
    const element = event.currentTarget;
    if (element.currentTime === 0) element.currentTime = Math.min(0.1, element.duration || 0.1);
  };
  const poster = posterFailed ? undefined : video.poster;

  return (
    <div className="relative aspect-[9/16] w-full overflow-hidden bg-ink-900">
      {isPlaying ? (
        <video
          ref={player}
          src={video.url}
          poster={poster}
          controls
          autoPlay
          muted
          playsInline
          aria-label={label}
          // Focusable as a player is, and so by script (jsdom does not count a video's controls).
          tabIndex={0}
          className="h-full w-full object-contain"
        />
      ) : (
        <>
          {poster ? (
            <img
              src={poster}
              alt={`${label}, its first frame`}
              loading="lazy"
              onError={() => setPosterFailed(true)}
              className="h-full w-full object-contain"
            />
          ) : (
            <video
              src={video.url}
              muted
              playsInline
              preload="metadata"
              onLoadedMetadata={showFirstFrame}
              aria-label={label}
              tabIndex={-1}
              className="h-full w-full object-contain"
            />
          )}
          <button
            type="button"
            onClick={() => setIsPlaying(true)}
            aria-label={playLabel}
            className="group absolute inset-0 grid place-items-center focus-visible:-outline-offset-4"
          >
            <span
              aria-hidden="true"
              className="grid size-14 place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/30 transition-colors group-hover:bg-black/80"
            >
              <svg viewBox="0 0 24 24" className="ml-1 size-7" fill="currentColor">
                <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.29-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
              </svg>
            </span>
          </button>
        </>
      )}
      {mark && !isPlaying && (
        <span aria-hidden="true" className="pointer-events-none absolute top-2 left-2">
          {mark}
        </span>
      )}
    </div>
  );
};
