import type { SyntheticEvent } from 'react';

type PostVideoProps = {
  url: string;
  label: string;
  /** A still image of the video, where the server has one. */ poster?: string;
};

/**
 * A post's video that shows a frame before it plays, not a black box: the poster image when there is one;
 * otherwise, once the metadata is in, a seek to 0.1 s makes the browser paint that frame (0 is often black).
 */
export const PostVideo = ({ url, label, poster }: PostVideoProps) => {
  const showFirstFrame = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (!poster && video.currentTime === 0) video.currentTime = Math.min(0.1, video.duration || 0.1);
  };
  return (
    <video
      src={url}
      poster={poster}
      controls
      muted
      playsInline
      preload="metadata"
      onLoadedMetadata={showFirstFrame}
      aria-label={label}
      className="w-full rounded-lg border border-ink-700 bg-ink-900"
    />
  );
};
