import { PlatformError } from '../common/platform.ts';
import type { TikTokCall } from './tiktok-requester.ts';

export type TikTokPhotoPostInfo = { description: string; privacy_level: string; disable_comment: boolean };

/**
 * A direct post of photos (content/init, media_type PHOTO): TikTok fetches them from their public URLs (PULL_FROM_URL,
 * the only way photos go), which must be on a domain verified for the app. This request makes the post, so its lost
 * answer is `unknown`. The text goes in the description (4,000 characters), not the title (90).
 */
export const postTikTokPhotos = async (
  call: TikTokCall,
  { urls, postInfo }: { urls: string[]; postInfo: TikTokPhotoPostInfo },
): Promise<string> => {
  const data = await call({
    path: '/v2/post/publish/content/init/',
    json: {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: postInfo,
      source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: 0 },
    },
    what: 'the post',
    scope: 'video.publish',
    createsPost: true,
    photoUrls: urls,
  });
  const publishId = data.publish_id;
  if (typeof publishId !== 'string' || !publishId) {
    throw new PlatformError(
      'tiktok',
      'unknown',
      'connection_lost',
      'TikTok took the post but did not say which it is: it may be published.',
    );
  }
  return publishId;
};
