import type { ConnectablePlatform } from '@agentcast/contracts/connections';
import { createInstagramOAuthProvider, type InstagramOAuthSettings } from './instagram-oauth-provider.ts';
import { createLinkedInOAuthProvider, type LinkedInOAuthSettings } from './linkedin-oauth-provider.ts';
import { createMastodonOAuthProvider, type MastodonAppStore } from './mastodon-oauth-provider.ts';
import { createFacebookOAuthProvider, type FacebookOAuthSettings } from './facebook-oauth-provider.ts';
import type { OAuthProvider } from './oauth-provider.ts';
import { createThreadsOAuthProvider, type ThreadsOAuthSettings } from './threads-oauth-provider.ts';
import { createTikTokOAuthProvider, type TikTokOAuthSettings } from './tiktok-oauth-provider.ts';
import { createXOAuthProvider, type XOAuthSettings } from './x-oauth-provider.ts';
import { createYouTubeOAuthProvider, type YouTubeOAuthSettings } from './youtube-oauth-provider.ts';

type WithoutTimeout<Settings> = Omit<Settings, 'timeoutMs'>;

/** Each platform's app credentials and endpoints (env.ts); a platform left out is not configured on this server. */
export type OAuthConfig = {
  linkedin?: WithoutTimeout<LinkedInOAuthSettings>;
  instagram?: WithoutTimeout<InstagramOAuthSettings>;
  youtube?: WithoutTimeout<YouTubeOAuthSettings>;
  x?: WithoutTimeout<XOAuthSettings>;
  threads?: WithoutTimeout<ThreadsOAuthSettings>;
  facebook?: WithoutTimeout<FacebookOAuthSettings>;
  tiktok?: WithoutTimeout<TikTokOAuthSettings>;
  /** How long one call to a provider may take. */
  timeoutMs: number;
};

/** The configured providers by platform. */
export type OAuthProviders = { get: (platform: ConnectablePlatform) => OAuthProvider | undefined };

const trimmed = <Settings extends object>(settings: Settings): Settings =>
  Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      key,
      key.endsWith('BaseUrl') ? String(value).replace(/\/+$/, '') : value,
    ]),
  ) as Settings;

/**
 * Mastodon needs no settings: given where to keep the apps it registers on instances and this server's address, it
 * is on.
 */
export type InstanceOAuthConfig = { mastodonApps: MastodonAppStore; publicUrl: string };

export const createOAuthProviders = (
  { timeoutMs, linkedin, instagram, youtube, x, threads, facebook, tiktok }: OAuthConfig,
  instances?: InstanceOAuthConfig,
): OAuthProviders => {
  const providers: Partial<Record<ConnectablePlatform, OAuthProvider>> = {
    mastodon:
      instances &&
      createMastodonOAuthProvider({ apps: instances.mastodonApps, publicUrl: instances.publicUrl, timeoutMs }),
    linkedin: linkedin && createLinkedInOAuthProvider(trimmed({ ...linkedin, timeoutMs })),
    instagram: instagram && createInstagramOAuthProvider(trimmed({ ...instagram, timeoutMs })),
    youtube: youtube && createYouTubeOAuthProvider(trimmed({ ...youtube, timeoutMs })),
    x: x && createXOAuthProvider(trimmed({ ...x, timeoutMs })),
    threads: threads && createThreadsOAuthProvider(trimmed({ ...threads, timeoutMs })),
    facebook: facebook && createFacebookOAuthProvider(trimmed({ ...facebook, timeoutMs })),
    tiktok: tiktok && createTikTokOAuthProvider(trimmed({ ...tiktok, timeoutMs })),
  };
  return { get: (platform) => providers[platform] };
};
