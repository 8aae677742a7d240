import type { PlatformEndpoint } from '../common/fetch-from-platform.ts';
import {
  PlatformError,
  type PostMedia,
  type PublishedPost,
  type PublishRequest,
  type VideoPrivacy,
} from '../common/platform.ts';
import { queryTikTokCreatorInfo, type TikTokCreatorInfo } from './tiktok-creator-info.ts';
import { chooseTikTokContent } from './tiktok-media.ts';
import { postTikTokPhotos } from './tiktok-photo-post.ts';
import { TIKTOK_AUDIENCE, tiktokPrivacyLevel, type TikTokPrivacyLevel } from './tiktok-privacy-level.ts';
import { waitForTikTokPublish, type TikTokStatusOptions } from './tiktok-publish-status.ts';
import type { TikTokCall } from './tiktok-requester.ts';
import { mp4DurationSeconds } from './tiktok-video-duration.ts';
import { uploadTikTokVideo } from './tiktok-video-post.ts';

export type TikTokPublishSettings = { audited: boolean; chunkBytes: number; status: TikTokStatusOptions };

const TIKTOK_HOME = 'https://www.tiktok.com/';

/**
 * creator_info's longest video for this creator, checked before anything is uploaded. The duration comes from the
 * MP4's own header; a video whose header cannot be read goes unchecked, and TikTok refuses it itself if it is too
 * long (FAILED duration_check_failed).
 */
const ensureDurationAllowed = (video: PostMedia, creator: TikTokCreatorInfo) => {
  const seconds = mp4DurationSeconds(video.bytes);
  if (seconds === undefined || creator.maxVideoSeconds <= 0 || seconds <= creator.maxVideoSeconds) return;
  throw new PlatformError(
    'tiktok',
    'permanent',
    'rejected',
    `The video is ${Math.round(seconds)} s long, and TikTok lets this account post videos of at most ${creator.maxVideoSeconds} s: nothing was sent.`,
  );
};

/** Why a post went out narrower than public, as a clause. */
const whyNarrower = (audited: boolean, wanted: VideoPrivacy, level: TikTokPrivacyLevel) => {
  if (!audited) return "because this server's TikTok app is not audited (TikTok keeps posts of unaudited apps private)";
  if (wanted === 'private' || (wanted === 'unlisted' && level !== 'SELF_ONLY'))
    return `as the agent's privacy setting (${wanted}) asks`;
  return `because the account offers no audience closer to the agent's privacy setting (${wanted})`;
};

/** The note of a post TikTok gave no id for, saying who sees it and why the link is the profile. */
const noIdNote = (audited: boolean, wanted: VideoPrivacy, level: TikTokPrivacyLevel) =>
  level === 'PUBLIC_TO_EVERYONE'
    ? "TikTok published the post but has not given its id yet (it reviews public posts first, sometimes for hours): the link is the account's profile, and the post's metrics are not read."
    : `TikTok posted it ${TIKTOK_AUDIENCE[level]} ${whyNarrower(audited, wanted, level)}. TikTok gives apps no link to such a post: the link is the account's profile.`;

/**
 * One TikTok direct post: the creator's settings read fresh (TikTok requires it before each post), the video uploaded
 * or the photos handed over by URL, then TikTok's status read until it has published the post. A public post's
 * link names its id; any other post (all of them while the app is not audited) has none, so the post is known by its
 * publish_id and the link is the profile.
 */
export const publishToTikTok = async (
  call: TikTokCall,
  endpoint: PlatformEndpoint,
  settings: TikTokPublishSettings,
  { text, media = [], replyToPostId, videoPrivacy = 'private' }: PublishRequest,
): Promise<PublishedPost> => {
  if (replyToPostId) {
    throw new PlatformError('tiktok', 'permanent', 'rejected', 'TikTok posts cannot be published as replies.');
  }
  // Checked before TikTok is called: a post without a medium TikTok takes will never publish.
  const { content, notes } = chooseTikTokContent(media);
  const creator = await queryTikTokCreatorInfo(call);
  const level = tiktokPrivacyLevel({ audited: settings.audited, wanted: videoPrivacy, allowed: creator.privacyLevels });
  let publishId: string;
  if (content.kind === 'video') {
    ensureDurationAllowed(content.video, creator);
    ({ publishId } = await uploadTikTokVideo(call, endpoint, {
      video: content.video,
      chunkBytes: settings.chunkBytes,
      postInfo: {
        title: text,
        privacy_level: level,
        // Interactions stay on unless the creator turned them off in TikTok (then TikTok requires them off here).
        disable_comment: creator.commentDisabled,
        disable_duet: creator.duetDisabled,
        disable_stitch: creator.stitchDisabled,
      },
    }));
  } else {
    publishId = await postTikTokPhotos(call, {
      urls: content.urls,
      postInfo: { description: text, privacy_level: level, disable_comment: creator.commentDisabled },
    });
  }
  const { postId } = await waitForTikTokPublish(call, {
    publishId,
    expectsPublicId: level === 'PUBLIC_TO_EVERYONE',
    options: settings.status,
  });
  const profile = creator.username ? `${TIKTOK_HOME}@${creator.username}` : TIKTOK_HOME;
  if (postId) {
    const url = creator.username ? `${profile}/${content.kind === 'video' ? 'video' : 'photo'}/${postId}` : TIKTOK_HOME;
    return { postId, url, ...(notes.length > 0 && { notes }) };
  }
  return { postId: publishId, url: profile, notes: [...notes, noIdNote(settings.audited, videoPrivacy, level)] };
};
