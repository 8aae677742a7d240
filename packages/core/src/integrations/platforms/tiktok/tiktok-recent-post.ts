import type { PublishedPost } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import type { TikTokCall } from './tiktok-requester.ts';

type TikTokVideoItem = {
  id?: unknown;
  title?: unknown;
  video_description?: unknown;
  create_time?: unknown;
  share_url?: unknown;
};

const CLOCK_SKEW_MS = 60_000;
/** TikTok's most videos in one page of video/list. */
const RECENT_VIDEOS = 20;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The account's post with this text published since `since` (a minute of clock skew allowed), or null: the newest
 * page of video/list (scope video.list), matched on the title (a video's caption) or the description (a photo
 * post's). TikTok lists public posts only, so a private post — every post of an unaudited app — is never found.
 */
export const findTikTokRecentPost = async (
  call: TikTokCall,
  { text: wanted, since }: { text: string; since: Date },
): Promise<PublishedPost | null> => {
  const data = await call({
    path: '/v2/video/list/',
    query: { fields: 'id,title,video_description,create_time,share_url' },
    json: { max_count: RECENT_VIDEOS },
    what: 'the request for recent posts',
    scope: 'video.list',
  });
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  const videos = Array.isArray(data.videos) ? (data.videos as TikTokVideoItem[]) : [];
  const match = videos.find(
    (video) =>
      typeof video.create_time === 'number' &&
      video.create_time * 1000 >= earliest &&
      (postTextMatches(wanted, text(video.title)) || postTextMatches(wanted, text(video.video_description))),
  );
  const id = text(match?.id);
  return id ? { postId: id, url: text(match?.share_url) || 'https://www.tiktok.com/' } : null;
};
