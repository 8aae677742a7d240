import { absoluteFacebookUrl, facebookPageUrl } from './facebook-permalink.ts';
import type { FacebookCall } from './facebook-requester.ts';
import type { PublishedPost } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';

type FacebookPostItem = { id?: string; message?: string; permalink_url?: string; created_time?: string };

const CLOCK_SKEW_MS = 60_000;
const RECENT_POSTS = '25';

/**
 * The Page's post with this text published since `since` (a minute of clock skew allowed), or null. A reply is a
 * comment and never among the Page's posts: a reply whose answer was lost stays unknown until the person looks.
 */
export const findFacebookRecentPost = async (
  call: FacebookCall,
  { pageId, text, since }: { pageId: string; text: string; since: Date },
): Promise<PublishedPost | null> => {
  const body = await call({
    method: 'GET',
    path: `/${pageId}/posts`,
    query: { fields: 'id,message,permalink_url,created_time', limit: RECENT_POSTS },
    what: 'the request for recent posts',
    permission: 'pages_read_engagement',
  });
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  // Graph writes times as 2026-05-01T10:00:00+0000, which Date.parse reads.
  const match = ((body as { data?: FacebookPostItem[] } | undefined)?.data ?? []).find(
    (item) => Date.parse(item.created_time ?? '') >= earliest && postTextMatches(text, item.message ?? ''),
  );
  if (!match?.id) return null;
  return {
    postId: match.id,
    url: match.permalink_url ? absoluteFacebookUrl(match.permalink_url) : facebookPageUrl(pageId),
  };
};
