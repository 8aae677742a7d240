import type { VideoPrivacy } from '@agentcast/contracts/agents';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { InstagramPreview } from './instagram-preview.tsx';
import { LinkedInPreview } from './linkedin-preview.tsx';
import type { PreviewAuthor } from './preview-author.ts';
import { previewPlatforms } from './post-text.ts';
import { TerminalPreview } from './terminal-preview.tsx';
import type { ThreadSplitControl } from './thread-split-control.ts';
import { XPreview } from './x-preview.tsx';
import { YouTubePreview } from './youtube-preview.tsx';

type PlatformPreviewsProps = {
  platforms: readonly string[];
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
  /** One under the other, where the previews share the width with a form. */
  stacked?: boolean;
  /** The agent posts a text longer than one X post as a thread. */
  xThreads?: boolean;
  /** Where the X thread is split can be changed (a waiting draft). */
  threadSplit?: ThreadSplitControl;
  /** Who may watch the agent's YouTube videos (its `video_privacy`). */
  videoPrivacy?: VideoPrivacy;
};

/** One preview per platform the post goes to, each looking like that platform's post. */
export const PlatformPreviews = ({
  platforms,
  author,
  text,
  media,
  stacked = false,
  xThreads = false,
  threadSplit,
  videoPrivacy,
}: PlatformPreviewsProps) => {
  const shown = previewPlatforms(platforms);
  return (
    // A single preview keeps about the width the platform gives a post, not the whole card's.
    <div className={`grid items-start gap-4 ${shown.length > 1 && !stacked ? 'lg:grid-cols-2' : 'max-w-xl'}`}>
      {shown.map((platform) =>
        platform === 'x' ? (
          <XPreview key={platform} author={author} text={text} media={media} xThreads={xThreads} split={threadSplit} />
        ) : platform === 'linkedin' ? (
          <LinkedInPreview key={platform} author={author} text={text} media={media} />
        ) : platform === 'instagram' ? (
          <InstagramPreview key={platform} author={author} text={text} media={media} />
        ) : platform === 'youtube' ? (
          <YouTubePreview key={platform} author={author} text={text} media={media} videoPrivacy={videoPrivacy} />
        ) : (
          <TerminalPreview key={platform} text={text} media={media} />
        ),
      )}
    </div>
  );
};
