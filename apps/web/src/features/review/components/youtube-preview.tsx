import type { VideoPrivacy } from '@agentcast/contracts/agents';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { youTubeVideoMetadata } from '@agentcast/contracts/youtube-video-title';
import { CharacterCount } from './character-count.tsx';
import { missingMediaNote, VIDEO_PRIVACY_BADGES, firstVideo } from '../lib/platform-media.ts';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { ReviewAvatar } from './review-avatar.tsx';
import { VerticalPostLayout } from './vertical-post-layout.tsx';
import { VerticalVideo } from './vertical-video.tsx';

/** The Shorts sign, drawn on the frame's corner. */
const ShortsMark = () => (
  <span className="flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white">
    <svg viewBox="0 0 24 24" className="size-3.5 text-red-500" fill="currentColor">
      <path d="M17.8 9.8 15.5 11l2.2 1.1a4.4 4.4 0 0 1-.1 7.8l-7.8 4A4.4 4.4 0 0 1 5.9 16l2.3-1.2L6 13.7a4.4 4.4 0 0 1 .1-7.8l7.8-4a4.4 4.4 0 0 1 3.9 7.9Z" />
      <path d="m10 8.5 5.5 3.5-5.5 3.5v-7Z" fill="#fff" />
    </svg>
    Shorts
  </span>
);

const PRIVACY_ICONS: Record<VideoPrivacy, string> = {
  // A padlock, a link, a globe.
  private: 'M7 10V7a5 5 0 0 1 10 0v3M5.5 10h13v11h-13z',
  unlisted:
    'M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1',
  public:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
};

/** Who may watch the Short once it is up: the agent's YouTube video privacy. */
const PrivacyBadge = ({ privacy }: { privacy: VideoPrivacy }) => (
  <span
    className="inline-flex items-center gap-1 rounded-md border border-zinc-700 bg-zinc-900 px-1.5 py-0.5 text-xs font-medium text-zinc-200"
    data-testid="youtube-privacy"
  >
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={PRIVACY_ICONS[privacy]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
    <span className="sr-only">Visibility: </span>
    {VIDEO_PRIVACY_BADGES[privacy]}
  </span>
);

/**
 * The post as a YouTube Short: its vertical frame with the video's poster and a play badge, the title YouTube will
 * show (the same rule the upload uses, contracts/youtube-video-title.ts), the channel, who may watch it, the start
 * of the description and the count against 5,000. A post without a video says that it will not go to YouTube.
 */
export const YouTubePreview = ({
  author,
  text,
  media,
  videoPrivacy = 'private',
}: {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
  /** The agent's `video_privacy`; private until the person chose otherwise. */
  videoPrivacy?: VideoPrivacy;
}) => {
  const video = firstVideo(media);
  const note = missingMediaNote('youtube', media);
  const { title, description } = youTubeVideoMetadata(text);
  return (
    <VerticalPostLayout
      label="YouTube preview"
      surface="bg-[#0f0f0f]"
      missingMedia={note}
      frame={
        video && (
          <VerticalVideo
            video={video}
            label="Video of the YouTube Short"
            playLabel="Play the YouTube Short"
            mark={<ShortsMark />}
          />
        )
      }
    >
      <p className="text-[15px] leading-5 font-semibold break-words" data-testid="youtube-preview-title">
        <span className="sr-only">Title: </span>
        {title}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
        <ReviewAvatar name={author.name} image={author.image} className="size-6 text-xs" />
        <span className="min-w-0 truncate font-medium">{author.name}</span>
        <PrivacyBadge privacy={videoPrivacy} />
      </div>
      <p
        className="mt-2 line-clamp-4 whitespace-pre-line break-words text-zinc-400"
        data-testid="youtube-preview-description"
      >
        <span className="sr-only">Description: </span>
        {description}
      </p>
      <div className="mt-2 flex justify-end">
        <CharacterCount text={text} platform="youtube" />
      </div>
    </VerticalPostLayout>
  );
};
