import { describe, expect, it } from 'vitest';
import { describeUnconfiguredPlatforms, unconfiguredPlatforms } from './unconfigured-platforms.ts';

const app = { clientId: 'id', clientSecret: 'secret' };

describe('unconfiguredPlatforms', () => {
  it('names each platform without an OAuth app and the two settings that turn it on', () => {
    const missing = unconfiguredPlatforms({ linkedin: app });
    expect(missing.map((entry) => entry.platform)).toEqual(['instagram', 'youtube', 'x']);
    expect(describeUnconfiguredPlatforms(missing)).toBe(
      'Platforms not configured (their Connect buttons are disabled): instagram (set INSTAGRAM_CLIENT_ID and ' +
        'INSTAGRAM_CLIENT_SECRET), youtube (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), x (set X_CLIENT_ID and ' +
        'X_CLIENT_SECRET)',
    );
  });

  it('is empty when every platform is configured', () => {
    expect(unconfiguredPlatforms({ linkedin: app, instagram: app, youtube: app, x: app })).toEqual([]);
  });
});
