import { describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES, type ConnectionsOverview } from '@agentcast/contracts/connections';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer } from '../testing/start-test-server.ts';
import { describeUnconfiguredPlatforms, unconfiguredPlatforms } from './unconfigured-platforms.ts';

const app = { clientId: 'id', clientSecret: 'secret' };

describe('unconfiguredPlatforms', () => {
  it('names each platform without an OAuth app and the two settings that turn it on', () => {
    const missing = unconfiguredPlatforms({ linkedin: app });
    expect(missing.map((entry) => entry.platform)).toEqual([
      'instagram',
      'youtube',
      'x',
      'threads',
      'facebook',
      'tiktok',
    ]);
    expect(describeUnconfiguredPlatforms(missing)).toBe(
      'Platforms not configured (their Connect buttons are disabled): instagram (set INSTAGRAM_CLIENT_ID and ' +
        'INSTAGRAM_CLIENT_SECRET), youtube (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), x (set X_CLIENT_ID and ' +
        'X_CLIENT_SECRET), threads (set THREADS_CLIENT_ID and THREADS_CLIENT_SECRET), ' +
        'facebook (set FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET), tiktok (set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET)',
    );
  });

  it('is empty when every platform is configured', () => {
    expect(
      unconfiguredPlatforms({
        linkedin: app,
        instagram: app,
        youtube: app,
        x: app,
        threads: app,
        facebook: app,
        tiktok: app,
      }),
    ).toEqual([]);
  });
});

describe('a platform this server is not configured for', () => {
  it('answers 409 with the reason, and lists it as not configured', async () => {
    const bare = await startTestServer();
    try {
      const { browser } = await signUpVerifiedUser(bare);
      const response = await browser.post('/api/oauth/start', {
        platform: 'youtube',
        redirect_uri: `${bare.url}/auth/youtube/callback`,
      });
      expect(response.status).toBe(409);
      expect((await readJson(response)).message).toBe(CONNECTION_MESSAGES.notConfigured('youtube'));
      const listed = (await readJson(await browser.get('/api/connections'))) as ConnectionsOverview;
      // Every operator's OAuth app and Farcaster's Neynar key are off; Mastodon (which registers itself on each
      // instance) and those connected with the person's own credentials need nothing set up.
      expect(listed.platforms.filter((platform) => platform.configured).map(({ platform }) => platform)).toEqual([
        'mastodon',
        'bluesky',
        'telegram',
        'discord',
      ]);
    } finally {
      await bare.close();
    }
  });
});
