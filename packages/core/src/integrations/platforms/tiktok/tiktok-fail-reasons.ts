import type { PlatformErrorKind, PlatformErrorReason } from '../common/platform.ts';

/**
 * Why TikTok did not publish a post it took (status/fetch `fail_reason`, per the Get Post Status reference), as a
 * sentence for the terminal and the kind of failure it is. None of them published anything, so all are final but
 * `internal`, which TikTok documents as worth trying again.
 */
const FAIL_REASONS: Record<string, { reason: PlatformErrorReason; sentence: string; kind?: PlatformErrorKind }> = {
  file_format_check_failed: {
    reason: 'media_failed',
    sentence: 'TikTok could not read the file format (it takes MP4, MOV or WebM video, and JPEG or WebP photos).',
  },
  duration_check_failed: {
    reason: 'media_failed',
    sentence: 'TikTok refused the video’s length: it is longer (or shorter) than this account may post.',
  },
  frame_rate_check_failed: {
    reason: 'media_failed',
    sentence: 'TikTok refused the video’s frame rate (it takes 23 to 60 frames a second).',
  },
  picture_size_check_failed: {
    reason: 'media_failed',
    sentence: 'TikTok refused the size of the picture (videos 360 to 4096 pixels a side, photos at most 1080p).',
  },
  internal: {
    reason: 'platform_unavailable',
    sentence: 'TikTok failed on its side while processing the post.',
    kind: 'transient',
  },
  video_pull_failed: { reason: 'media_failed', sentence: 'TikTok could not fetch the video.' },
  photo_pull_failed: {
    reason: 'media_failed',
    sentence:
      'TikTok could not fetch the photos from their public address: it must be reachable from the internet, on a domain verified for this server’s TikTok app.',
  },
  publish_cancelled: { reason: 'rejected', sentence: 'The post was cancelled on TikTok.' },
  auth_removed: {
    reason: 'reconnect_required',
    sentence: 'The account removed this app’s access on TikTok. Reconnect the TikTok account to go on posting.',
  },
  spam_risk_too_many_posts: {
    reason: 'quota_reached',
    sentence: 'This account has published as many posts through apps today as TikTok allows.',
  },
  spam_risk_user_banned_from_posting: {
    reason: 'forbidden',
    sentence: 'TikTok has barred this account from posting for now. Check the account in the TikTok app.',
  },
  spam_risk_text: { reason: 'rejected', sentence: 'TikTok took the post’s text for spam.' },
  spam_risk: { reason: 'rejected', sentence: 'TikTok took the post for spam.' },
};

/** "TikTok did not publish the post: …" with TikTok's reason in words (an unknown one verbatim). */
export const describeTikTokFailReason = (failReason: string | undefined) => {
  const known = failReason ? FAIL_REASONS[failReason] : undefined;
  if (known) {
    const { kind = 'permanent', reason, sentence } = known;
    return { kind, reason, message: `TikTok did not publish the post: ${sentence}` };
  }
  return {
    kind: 'permanent' as const,
    reason: 'rejected' as const,
    message: `TikTok did not publish the post${failReason ? ` (${failReason})` : ''}.`,
  };
};
