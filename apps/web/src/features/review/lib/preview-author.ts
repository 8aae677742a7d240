import type { MediaItem } from '@agentcast/contracts/terminal';

/** Who a preview shows as the author: the agent, and its X account when one is connected. */
export type PreviewAuthor = { name: string; image: string | null; xHandle: string | null };

/** What the previews of the open networks with threads take (Bluesky, Mastodon, Farcaster, Threads). */
export type ThreadablePreviewProps = {
  author: PreviewAuthor;
  text: string;
  media: MediaItem[];
  /** The agent posts a longer text as a thread: the count says how many posts. */
  xThreads?: boolean;
};
