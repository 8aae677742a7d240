import { describe, expect, it } from 'vitest';
import { tiktokPrivacyLevel } from './tiktok-privacy-level.ts';

const PUBLIC_ACCOUNT = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
const PRIVATE_ACCOUNT = ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];

describe('the privacy level of a TikTok post', () => {
  it('is SELF_ONLY whatever the agent chose while the app is not audited', () => {
    for (const wanted of ['public', 'unlisted', 'private'] as const) {
      expect(tiktokPrivacyLevel({ audited: false, wanted, allowed: PUBLIC_ACCOUNT })).toBe('SELF_ONLY');
    }
  });

  it("maps the agent's choice to what a public account offers", () => {
    const level = (wanted: 'public' | 'unlisted' | 'private') =>
      tiktokPrivacyLevel({ audited: true, wanted, allowed: PUBLIC_ACCOUNT });
    expect([level('public'), level('unlisted'), level('private')]).toEqual([
      'PUBLIC_TO_EVERYONE',
      'MUTUAL_FOLLOW_FRIENDS',
      'SELF_ONLY',
    ]);
  });

  it('goes to the followers of a private account, never wider than the agent chose', () => {
    const level = (wanted: 'public' | 'unlisted' | 'private') =>
      tiktokPrivacyLevel({ audited: true, wanted, allowed: PRIVATE_ACCOUNT });
    expect([level('public'), level('unlisted'), level('private')]).toEqual([
      'FOLLOWER_OF_CREATOR',
      'FOLLOWER_OF_CREATOR',
      'SELF_ONLY',
    ]);
  });

  it('falls back to SELF_ONLY when the creator offers nothing that suits', () => {
    expect(tiktokPrivacyLevel({ audited: true, wanted: 'public', allowed: ['SELF_ONLY'] })).toBe('SELF_ONLY');
    expect(tiktokPrivacyLevel({ audited: true, wanted: 'unlisted', allowed: ['PUBLIC_TO_EVERYONE'] })).toBe(
      'SELF_ONLY',
    );
    expect(tiktokPrivacyLevel({ audited: true, wanted: 'public', allowed: [] })).toBe('SELF_ONLY');
  });
});
