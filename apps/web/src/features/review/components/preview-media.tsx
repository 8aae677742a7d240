import type { MediaItem } from '@agentcast/contracts/terminal';

/** One media item of a preview, filling the box it is given (videos can be played, as on the platform). */
export const PreviewMedia = ({
  item,
  label,
  className = '',
}: {
  item: MediaItem;
  label: string;
  className?: string;
}) =>
  item.kind === 'image' ? (
    <img src={item.url} alt={label} loading="lazy" className={`h-full w-full object-cover ${className}`} />
  ) : (
    <video
      src={item.url}
      controls
      muted
      playsInline
      preload="metadata"
      aria-label={label}
      className={`h-full w-full bg-black object-cover ${className}`}
    />
  );
