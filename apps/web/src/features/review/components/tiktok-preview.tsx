import type { MediaItem } from '@agentcast/contracts/terminal';
import { TikTokMark } from '../../../components/marks/tiktok-mark.tsx';
import { CharacterCount } from './character-count.tsx';
import { missingMediaNote, firstVideo } from '../lib/platform-media.ts';
import { TikTokPostingSettings } from './tiktok-posting-settings.tsx';
import { VerticalPostLayout } from './vertical-post-layout.tsx';
import { VerticalVideo } from './vertical-video.tsx';

/** A TikTok photo post holds up to 35 pictures. */
const MAX_PHOTOS = 35;

const Mark = () => (
  <span className="flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white">
    <TikTokMark className="size-3.5" />
    TikTok
  </span>
);

/** The photo post's frame: its first picture, and how many there are, as TikTok's swipeable post shows them. */
const PhotoFrame = ({ photos }: { photos: MediaItem[] }) => (
  <div className="relative aspect-[9/16] w-full overflow-hidden bg-ink-900">
    <img
      src={photos[0]?.url}
      alt="Picture 1 of the TikTok photo post"
      loading="lazy"
      className="h-full w-full object-contain"
    />
    <span className="absolute top-2 left-2">
      <Mark />
    </span>
    {photos.length > 1 && (
      <span className="absolute top-2 right-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white">
        1/{photos.length}
      </span>
    )}
  </div>
);

/**
 * The post as TikTok will show it: the agent's video in its vertical frame (or its pictures as a photo post), the
 * caption and its count against 2,200, and — for an agent — the settings TikTok says the post goes out with,
 * read from TikTok as it requires apps to show them before posting. A post with neither says it will not go.
 */
export const TikTokPreview = ({ text, media, agentId }: { text: string; media: MediaItem[]; agentId?: string }) => {
  const video = firstVideo(media);
  const photos = media.filter((item) => item.kind === 'image').slice(0, MAX_PHOTOS);
  const note = missingMediaNote('tiktok', media);
  return (
    <VerticalPostLayout
      label="TikTok preview"
      surface="bg-black"
      missingMedia={note}
      frame={
        video ? (
          <VerticalVideo
            video={video}
            label="Video of the TikTok post"
            playLabel="Play the TikTok video"
            mark={<Mark />}
          />
        ) : (
          photos.length > 0 && <PhotoFrame photos={photos} />
        )
      }
    >
      <div className="space-y-3">
        <p className="line-clamp-6 whitespace-pre-line break-words" data-testid="tiktok-preview-caption">
          <span className="sr-only">Caption: </span>
          {text.trim()}
        </p>
        <div className="flex justify-end">
          <CharacterCount text={text} platform="tiktok" />
        </div>
        {agentId && <TikTokPostingSettings agentId={agentId} isVideo={video !== undefined} />}
      </div>
    </VerticalPostLayout>
  );
};
