import { TIKTOK_ROUTES as ROUTES } from '@agentcast/test-fakes/tiktok-api-fake';
import { describe, expect, it } from 'vitest';
import { failure } from '../common/platform-test-kit.ts';
import { readTikTokCreatorInfo } from './tiktok-creator-info.ts';
import { useTikTokFixture } from './tiktok-test-fixture.ts';

const t = useTikTokFixture();

describe("reading a TikTok creator's posting settings", () => {
  it('reads creator_info with the token in the header, as the preview shows it', async () => {
    const { creator } = t.creator({ audited: true, commentDisabled: true, maxVideoSeconds: 180 });
    const info = await readTikTokCreatorInfo({ baseUrl: t.fake.baseUrl, timeoutMs: 2000 }, creator.token);
    expect(info).toEqual({
      username: creator.username,
      nickname: creator.nickname,
      avatarUrl: creator.avatarUrl,
      privacyLevels: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      commentDisabled: true,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoSeconds: 180,
    });
    const [request] = t.fake.requestsTo(ROUTES.creatorInfo).slice(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${creator.token}`);
    expect(request?.url).toBe('/v2/post/publish/creator_info/query/');
  });

  it('reads what the creator changed since (a private account: followers, no duets)', async () => {
    const { creator } = t.creator({ audited: true });
    t.fake.setCreatorInfo(creator.openId, { privacyLevels: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'], duetDisabled: true });
    await expect(
      readTikTokCreatorInfo({ baseUrl: t.fake.baseUrl, timeoutMs: 2000 }, creator.token),
    ).resolves.toMatchObject({ privacyLevels: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'], duetDisabled: true });
  });

  it('asks to reconnect when TikTok no longer takes the token', async () => {
    const error = await failure(readTikTokCreatorInfo({ baseUrl: t.fake.baseUrl, timeoutMs: 2000 }, 'act.expired'));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 401 });
  });

  it('the fake answers user/info with the fields asked for, as the OAuth flow reads the account', async () => {
    const { creator } = t.creator();
    const response = await fetch(`${t.fake.baseUrl}/v2/user/info/?fields=open_id,display_name,username`, {
      headers: { Authorization: `Bearer ${creator.token}` },
    });
    expect(await response.json()).toMatchObject({
      data: { user: { open_id: creator.openId, display_name: creator.nickname, username: creator.username } },
      error: { code: 'ok' },
    });
  });
});
