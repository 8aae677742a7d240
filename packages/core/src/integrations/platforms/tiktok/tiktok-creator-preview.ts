import type { TikTokCreator } from '@agentcast/contracts/tiktok-creator';
import type { VideoPrivacy } from '../common/platform.ts';
import { readTikTokCreatorInfo } from './tiktok-creator-info.ts';
import { tiktokPrivacyLevel } from './tiktok-privacy-level.ts';

/** What a post to this account will go out with, read from TikTok now. Throws PlatformError. */
export type ReadTikTokCreator = (
  accessToken: string,
  wanted: VideoPrivacy,
) => Promise<Extract<TikTokCreator, { status: 'ready' }>>;

/**
 * The creator's settings as the preview shows them before a post: creator_info read fresh, and the audience chosen
 * by the same rule publishing uses (tiktok-privacy-level.ts), so the preview never promises another.
 */
export const createTikTokCreatorReader =
  ({ baseUrl, timeoutMs, audited }: { baseUrl?: string; timeoutMs: number; audited: boolean }): ReadTikTokCreator =>
  async (accessToken, wanted) => {
    const info = await readTikTokCreatorInfo({ baseUrl, timeoutMs }, accessToken);
    // The avatar stays out: it is an image on TikTok's servers, which the dashboard does not load.
    return {
      status: 'ready',
      username: info.username,
      nickname: info.nickname,
      privacyLevel: tiktokPrivacyLevel({ audited, wanted, allowed: info.privacyLevels }),
      privacyLevels: info.privacyLevels,
      audited,
      commentDisabled: info.commentDisabled,
      duetDisabled: info.duetDisabled,
      stitchDisabled: info.stitchDisabled,
      maxVideoSeconds: info.maxVideoSeconds,
    };
  };
