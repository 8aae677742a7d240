import type { MediaItem } from '@agentcast/contracts/terminal';
import { LinkedInPreview } from './linkedin-preview.tsx';
import type { PreviewAuthor } from './preview-author.ts';
import { previewPlatforms } from './post-text.ts';
import { TerminalPreview } from './terminal-preview.tsx';
import { XPreview } from './x-preview.tsx';

type PlatformPreviewsProps = {
  platforms: readonly string[];
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
  /** One under the other, where the previews share the width with a form. */
  stacked?: boolean;
};

/** One preview per platform the post goes to, each looking like that platform's post. */
export const PlatformPreviews = ({ platforms, author, text, media, stacked = false }: PlatformPreviewsProps) => {
  const shown = previewPlatforms(platforms);
  return (
    // A single preview keeps about the width the platform gives a post, not the whole card's.
    <div className={`grid gap-4 ${shown.length > 1 && !stacked ? 'lg:grid-cols-2' : 'max-w-xl'}`}>
      {shown.map((platform) =>
        platform === 'x' ? (
          <XPreview key={platform} author={author} text={text} media={media} />
        ) : platform === 'linkedin' ? (
          <LinkedInPreview key={platform} author={author} text={text} media={media} />
        ) : (
          <TerminalPreview key={platform} text={text} media={media} />
        ),
      )}
    </div>
  );
};
