/** A TikTok account the fake knows, with its token and what creator_info answers for it. */
export type TikTokFakeCreator = {
  openId: string;
  unionId: string;
  token: string;
  /** Without the @. */
  username: string;
  nickname: string;
  avatarUrl: string;
  /** Whether TikTok has audited the app as this creator uses it: unaudited, only SELF_ONLY posts to a private account. */
  audited: boolean;
  privateAccount: boolean;
  /** creator_info's privacy_level_options. */
  privacyLevels: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoSeconds: number;
  /** Granted scopes: video.publish, video.list, user.info.basic, user.info.profile, user.info.stats. */
  scopes: string[];
};

/** What TikTok fetched from a photo URL it was given. */
export type TikTokFakePhoto = { url: string; contentType: string; bytes: Buffer };

export type TikTokPublishStatus = 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' | 'FAILED';

/** How the next publish ends, scripted by a test (the default: published at the first status read). */
export type TikTokPublishScript = {
  /** Status reads that still answer PROCESSING_* once the media are in. */
  processingReads?: number;
  /** The publish ends FAILED with this fail_reason. */
  failReason?: string;
  /** Status reads of a completed public post that give no id yet (TikTok's review). */
  idWithheldReads?: number;
};

/** One publish (a video/init or content/init), in TikTok's field names where it has them. */
export type TikTokFakePost = {
  publishId: string;
  openId: string;
  kind: 'video' | 'photo';
  post_info: Record<string, unknown>;
  source_info: Record<string, unknown>;
  /** FILE_UPLOAD: where the chunks go and what has arrived, in order. */
  uploadId: string;
  uploadToken: string;
  bytes: Buffer;
  chunkRanges: string[];
  photos: TikTokFakePhoto[];
  status: TikTokPublishStatus;
  fail_reason?: string;
  script: TikTokPublishScript;
  /** Set once published for everyone: the TikTok video id (19 digits, past JavaScript's exact integers). */
  videoId?: string;
  /** Unix seconds; tests may move it back to age a post. */
  create_time: number;
};

/** A video's counts as video/query answers them. */
export type TikTokVideoStats = { view_count: number; like_count: number; comment_count: number; share_count: number };

export type TikTokFakeSettings = {
  /** Photo URLs TikTok takes (verified URL prefixes of the app); undefined: any. */
  verifiedUrlPrefixes?: string[];
  /** How long TikTok waits for a photo before the pull fails. */
  photoPullTimeoutMs: number;
};

export type TikTokFakeState = {
  creators: TikTokFakeCreator[];
  posts: TikTokFakePost[];
  scripts: TikTokPublishScript[];
  stats: Map<string, TikTokVideoStats>;
  settings: TikTokFakeSettings;
  creatorOf: (token: string) => TikTokFakeCreator | undefined;
  nextVideoId: () => string;
};
