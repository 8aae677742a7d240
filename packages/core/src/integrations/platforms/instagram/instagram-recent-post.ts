import { INSTAGRAM_HOME } from './instagram-permalink.ts';
import type { InstagramCall } from './instagram-requester.ts';
import type { PublishedPost } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';

type InstagramMediaItem = { id?: string; caption?: string; permalink?: string; timestamp?: string };

const CLOCK_SKEW_MS = 60_000;
const RECENT_MEDIA = '25';

/** Instagram reads captions back without the @ of mentions (unless the app user administers the app). */
const withoutMentionSigns = (text: string) => text.replace(/@(?=[\w.])/g, '');

const captionMatches = (text: string, caption: string) =>
  postTextMatches(text, caption) || postTextMatches(withoutMentionSigns(text), withoutMentionSigns(caption));

/** The account's post with this caption published since `since` (a minute of clock skew allowed), or null. */
export const findInstagramRecentPost = async (
  call: InstagramCall,
  { accountId, text, since }: { accountId: string; text: string; since: Date },
): Promise<PublishedPost | null> => {
  const body = await call({
    method: 'GET',
    path: `/${encodeURIComponent(accountId)}/media`,
    query: { fields: 'id,caption,permalink,timestamp', limit: RECENT_MEDIA },
    what: 'the request for recent posts',
  });
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  // Instagram writes timestamps as 2026-05-01T10:00:00+0000, which Date.parse reads.
  const match = ((body as { data?: InstagramMediaItem[] } | undefined)?.data ?? []).find(
    (item) => Date.parse(item.timestamp ?? '') >= earliest && captionMatches(text, item.caption ?? ''),
  );
  return match?.id ? { postId: match.id, url: match.permalink || INSTAGRAM_HOME } : null;
};
