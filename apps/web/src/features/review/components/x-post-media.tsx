import type { MediaItem } from '@agentcast/contracts/terminal';
import { PreviewMedia } from './preview-media.tsx';
import { xMediaLayout } from '../lib/x-media-layout.ts';

/** A post's media as X lays them out (one, two side by side, three or four in a grid). */
export const XPostMedia = ({ media }: { media: MediaItem[] }) => {
  if (media.length === 0) return null;
  const layout = xMediaLayout(media.length);
  return (
    <div className={`mt-3 overflow-hidden rounded-2xl border border-zinc-800 ${layout.grid}`}>
      {layout.items.map((itemClass, index) => {
        const item = media[index];
        return item ? (
          <div key={item.url} className={`min-h-0 ${itemClass}`}>
            <PreviewMedia
              item={item}
              label={`Media ${index + 1} of the X post`}
              className={media.length === 1 ? 'max-h-80' : ''}
            />
          </div>
        ) : null;
      })}
    </div>
  );
};
