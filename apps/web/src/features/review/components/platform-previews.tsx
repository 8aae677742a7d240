import { useState } from 'react';
import type { VideoPrivacy } from '@agentcast/contracts/agents';
import { textForPlatform } from '@agentcast/contracts/platform-text';
import { platformName } from '@agentcast/contracts/publishing-constants';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { BlueskyPreview } from './bluesky-preview.tsx';
import { DiscordPreview } from './discord-preview.tsx';
import { FacebookPreview } from './facebook-preview.tsx';
import { FarcasterPreview } from './farcaster-preview.tsx';
import { MastodonPreview } from './mastodon-preview.tsx';
import { InstagramPreview } from './instagram-preview.tsx';
import { LinkedInPreview } from './linkedin-preview.tsx';
import type { PreviewAuthor } from '../lib/preview-author.ts';
import { previewPlatforms } from '../lib/post-text.ts';
import { TelegramPreview } from './telegram-preview.tsx';
import { TerminalPreview } from './terminal-preview.tsx';
import { ThreadsPreview } from './threads-preview.tsx';
import { TikTokPreview } from './tiktok-preview.tsx';
import type { ThreadSplitControl } from '../lib/thread-split-control.ts';
import { XPreview } from './x-preview.tsx';
import { YouTubePreview } from './youtube-preview.tsx';

type PlatformPreviewsProps = {
  platforms: readonly string[];
  author: PreviewAuthor;
  text: string;
  /** A platform's own text, where a person wrote one; the others preview `text`. */
  platformTexts?: Readonly<Record<string, string>>;
  media: MediaItem[];
  /** One under the other, where the previews share the width with a form. */
  stacked?: boolean;
  /** The agent posts a text longer than one X post as a thread. */
  xThreads?: boolean;
  /** Where the X thread is split can be changed (a waiting draft). */
  threadSplit?: ThreadSplitControl;
  /** Who may watch the agent's YouTube videos (its `video_privacy`). */
  videoPrivacy?: VideoPrivacy;
  /** The channel the agent's casts go into (its `farcaster_channel`); empty: the account's own feed. */
  farcasterChannel?: string;
  /** The agent posting it: TikTok's preview reads the settings of the agent's TikTok account. */
  agentId?: string;
};

/**
 * One preview per platform the post goes to, each looking like that platform's post. On a phone several previews
 * one under the other made a draft thousands of pixels tall: there, buttons choose the one shown (CSS alone hides
 * the rest, so the wide layout needs no script of its own).
 */
export const PlatformPreviews = ({
  platforms,
  author,
  text: commonText,
  platformTexts,
  media,
  stacked = false,
  xThreads = false,
  threadSplit,
  videoPrivacy,
  farcasterChannel,
  agentId,
}: PlatformPreviewsProps) => {
  const shown = previewPlatforms(platforms);
  const [chosen, setChosen] = useState<string>();
  const current = chosen && shown.includes(chosen) ? chosen : shown[0];
  const isChoosing = shown.length > 1;
  const preview = (platform: string, text = textForPlatform(platform, commonText, platformTexts)) =>
    platform === 'x' ? (
      <XPreview author={author} text={text} media={media} xThreads={xThreads} split={threadSplit} />
    ) : platform === 'linkedin' ? (
      <LinkedInPreview author={author} text={text} media={media} />
    ) : platform === 'instagram' ? (
      <InstagramPreview author={author} text={text} media={media} />
    ) : platform === 'youtube' ? (
      <YouTubePreview author={author} text={text} media={media} videoPrivacy={videoPrivacy} />
    ) : platform === 'bluesky' ? (
      <BlueskyPreview author={author} text={text} media={media} xThreads={xThreads} />
    ) : platform === 'telegram' ? (
      <TelegramPreview author={author} text={text} media={media} />
    ) : platform === 'discord' ? (
      <DiscordPreview author={author} text={text} media={media} />
    ) : platform === 'farcaster' ? (
      <FarcasterPreview author={author} text={text} media={media} xThreads={xThreads} channel={farcasterChannel} />
    ) : platform === 'mastodon' ? (
      <MastodonPreview author={author} text={text} media={media} xThreads={xThreads} />
    ) : platform === 'threads' ? (
      <ThreadsPreview author={author} text={text} media={media} xThreads={xThreads} />
    ) : platform === 'facebook' ? (
      <FacebookPreview author={author} text={text} media={media} />
    ) : platform === 'tiktok' ? (
      <TikTokPreview text={text} media={media} agentId={agentId} />
    ) : (
      <TerminalPreview text={text} media={media} />
    );
  return (
    <div className="space-y-3">
      {isChoosing && (
        <div role="group" aria-label="Preview on" className="flex flex-wrap gap-1.5 sm:hidden">
          {shown.map((platform) => (
            <button
              key={platform}
              type="button"
              aria-pressed={platform === current}
              onClick={() => setChosen(platform)}
              className={`rounded-full px-3 py-1 text-xs font-semibold ${
                platform === current ? 'bg-brand-600 text-white' : 'bg-ink-700 text-slate-200'
              }`}
            >
              {platformName(platform)}
            </button>
          ))}
        </div>
      )}
      {/* A single preview keeps about the width the platform gives a post, not the whole card's. */}
      <div className={`grid items-start gap-4 ${isChoosing && !stacked ? 'lg:grid-cols-2' : 'max-w-xl'}`}>
        {shown.map((platform) => (
          <div key={platform} className={`min-w-0 ${platform === current ? '' : 'max-sm:hidden'}`}>
            {preview(platform)}
          </div>
        ))}
      </div>
    </div>
  );
};
