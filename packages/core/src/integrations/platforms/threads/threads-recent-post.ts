import { THREADS_HOME } from './threads-permalink.ts';
import type { ThreadsCall } from './threads-requester.ts';
import type { PublishedPost } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';

type ThreadsMediaItem = { id?: string; text?: string; permalink?: string; timestamp?: string };

const CLOCK_SKEW_MS = 60_000;
const RECENT_POSTS = '25';

/**
 * The account's post with this text published since `since` (a minute of clock skew allowed), or null. Threads lists
 * an account's posts (`/threads`) apart from its replies (`/replies`), and the lost one may have been either: the
 * replies are read only when the posts hold no match.
 */
export const findThreadsRecentPost = async (
  call: ThreadsCall,
  { accountId, text, since }: { accountId: string; text: string; since: Date },
): Promise<PublishedPost | null> => {
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  for (const [edge, what] of [
    ['threads', 'the request for recent posts'],
    ['replies', 'the request for recent replies'],
  ] as const) {
    const body = await call({
      method: 'GET',
      path: `/${encodeURIComponent(accountId)}/${edge}`,
      query: { fields: 'id,text,permalink,timestamp', limit: RECENT_POSTS },
      what,
    });
    // Threads writes timestamps as 2026-05-01T10:00:00+0000, which Date.parse reads.
    const match = ((body as { data?: ThreadsMediaItem[] } | undefined)?.data ?? []).find(
      (item) => Date.parse(item.timestamp ?? '') >= earliest && postTextMatches(text, item.text ?? ''),
    );
    if (match?.id) return { postId: match.id, url: match.permalink || THREADS_HOME };
  }
  return null;
};
