import { createBlueskyPlatform } from './bluesky/bluesky-platform.ts';
import type { ConversationPlatform, PublishingPlatform } from './common/platform.ts';
import { createCredentialSignIns } from './credential-sign-ins.ts';
import { createDiscordPlatform } from './discord/discord-platform.ts';
import { createInstagramPlatform } from './instagram/instagram-platform.ts';
import { createFacebookPlatform } from './facebook/facebook-platform.ts';
import { createFarcasterPlatform } from './farcaster/farcaster-platform.ts';
import { createFarcasterChannels } from './farcaster/farcaster-channels.ts';
import { createFarcasterSigners } from './farcaster/farcaster-signer.ts';
import { createNeynarRequester } from './farcaster/neynar-requester.ts';
import { createLinkedInPlatform } from './linkedin/linkedin-platform.ts';
import { createMastodonPlatform } from './mastodon/mastodon-platform.ts';
import {
  createTelegramConversations,
  type TelegramUpdateStore,
  type TelegramUpdatesMode,
} from './telegram/telegram-conversations.ts';
import { createTelegramPlatform } from './telegram/telegram-platform.ts';
import { createTelegramRequester } from './telegram/telegram-requester.ts';
import { createThreadsPlatform } from './threads/threads-platform.ts';
import { createTikTokCreatorReader } from './tiktok/tiktok-creator-preview.ts';
import { createTikTokPlatform } from './tiktok/tiktok-platform.ts';
import { createXPlatform } from './x/x-platform.ts';
import { createYouTubePlatform } from './youtube/youtube-platform.ts';

export type PlatformApisConfig = {
  /** Default https://api.x.com; tests point it at the loopback fake. */
  xBaseUrl?: string;
  /** Default https://api.linkedin.com. */
  linkedinBaseUrl?: string;
  /** The LinkedIn-Version header (YYYYMM); default LINKEDIN_API_VERSION. */
  linkedinApiVersion?: string;
  /** Default https://graph.instagram.com. */
  instagramBaseUrl?: string;
  /** Default https://graph.threads.net. */
  threadsBaseUrl?: string;
  /** The Graph API; default https://graph.facebook.com (video uploads then go to graph-video.facebook.com). */
  facebookBaseUrl?: string;
  /** Default FACEBOOK_GRAPH_VERSION. */
  facebookGraphVersion?: string;
  /** TikTok's API (default https://open.tiktokapis.com), and whether TikTok has audited the app (else posts are private). */
  tiktok?: { baseUrl?: string; audited: boolean };
  /** Default https://www.googleapis.com (the YouTube Data API and its uploads). */
  youtubeBaseUrl?: string;
  /** Bluesky's service where accounts sign in; default https://bsky.social (each account posts on its own PDS). */
  blueskyBaseUrl?: string;
  /** Default https://api.telegram.org (the Bot API). */
  telegramBaseUrl?: string;
  /** Default https://discord.com/api: channel webhooks are accepted under it only. */
  discordBaseUrl?: string;
  /** Farcaster through Neynar: on when the operator gave a key and the app account that signs key requests. */
  farcaster?: { apiKey: string; baseUrl?: string; appFid: number; appMnemonic: string };
  /**
   * Where connected bots' messages are kept and how they arrive (webhook or getUpdates): with it, agents answer on
   * Telegram. The server gives its database's store; without one Telegram is published to only.
   */
  telegramUpdates?: { store: TelegramUpdateStore; mode: TelegramUpdatesMode };
  /** How long one platform request may go unanswered. */
  timeoutMs: number;
  /**
   * How often a medium the platform is processing is looked at (Instagram's and Threads' containers); tests make it
   * short.
   */
  mediaPollIntervalMs?: number;
};

/**
 * Every platform this server publishes to, by id, those whose conversations agents can answer, and the sign-in of
 * those connected with the account's own credentials.
 */
export const createPlatforms = ({
  xBaseUrl,
  linkedinBaseUrl,
  linkedinApiVersion,
  instagramBaseUrl,
  threadsBaseUrl,
  facebookBaseUrl,
  facebookGraphVersion,
  tiktok: tiktokSettings = { audited: false },
  youtubeBaseUrl,
  blueskyBaseUrl,
  telegramBaseUrl,
  discordBaseUrl,
  farcaster: neynar,
  telegramUpdates,
  timeoutMs,
  mediaPollIntervalMs,
}: PlatformApisConfig) => {
  const x = createXPlatform({ baseUrl: xBaseUrl, timeoutMs });
  const linkedin = createLinkedInPlatform({ baseUrl: linkedinBaseUrl, timeoutMs, apiVersion: linkedinApiVersion });
  const instagram = createInstagramPlatform({
    baseUrl: instagramBaseUrl,
    timeoutMs,
    containerPollIntervalMs: mediaPollIntervalMs,
  });
  const threads = createThreadsPlatform({
    baseUrl: threadsBaseUrl,
    timeoutMs,
    containerPollIntervalMs: mediaPollIntervalMs,
  });
  const facebook = createFacebookPlatform({
    baseUrl: facebookBaseUrl,
    graphVersion: facebookGraphVersion,
    timeoutMs,
    videoPollIntervalMs: mediaPollIntervalMs,
  });
  const tiktok = createTikTokPlatform({
    baseUrl: tiktokSettings.baseUrl,
    audited: tiktokSettings.audited,
    timeoutMs,
    statusPollIntervalMs: mediaPollIntervalMs,
  });
  const youtube = createYouTubePlatform({ baseUrl: youtubeBaseUrl, timeoutMs });
  const bluesky = createBlueskyPlatform({ baseUrl: blueskyBaseUrl, timeoutMs });
  const telegram = createTelegramPlatform({ baseUrl: telegramBaseUrl, timeoutMs });
  const discord = createDiscordPlatform({ baseUrl: discordBaseUrl, timeoutMs });
  // Each account posts on its own instance (its connection's service URL): there is no one Mastodon to point at.
  const mastodon = createMastodonPlatform({ timeoutMs, mediaPollIntervalMs });
  const farcaster = neynar && createFarcasterPlatform({ baseUrl: neynar.baseUrl, apiKey: neynar.apiKey, timeoutMs });
  const neynarCall =
    neynar &&
    createNeynarRequester({ baseUrl: neynar.baseUrl ?? 'https://api.neynar.com', apiKey: neynar.apiKey, timeoutMs });
  return {
    publishing: new Map<string, PublishingPlatform>(
      [x, linkedin, instagram, youtube, bluesky, telegram, discord, mastodon, farcaster, threads, facebook, tiktok]
        .filter((platform) => platform !== undefined)
        .map((platform) => [platform.id, platform]),
    ),
    /** Farcaster's key requests, which the person approves in their app; absent without the operator's Neynar key. */
    farcasterSigners:
      neynar &&
      neynarCall &&
      createFarcasterSigners({ call: neynarCall, appFid: neynar.appFid, appMnemonic: neynar.appMnemonic }),
    /** The channels agents cast into, checked when an agent names one; absent without the operator's Neynar key. */
    farcasterChannels: neynarCall && createFarcasterChannels(neynarCall),
    /** The TikTok creator's settings that the preview shows before a post, as TikTok requires. */
    tiktokCreator: createTikTokCreatorReader({ ...tiktokSettings, timeoutMs }),
    conversations: new Map<string, ConversationPlatform>([
      [x.id, x],
      [bluesky.id, bluesky],
      [mastodon.id, mastodon],
      [threads.id, threads],
      [facebook.id, facebook],
      ...(farcaster ? [[farcaster.id, farcaster] as const] : []),
      ...(telegramUpdates
        ? [
            [
              'telegram',
              createTelegramConversations({
                requester: createTelegramRequester({
                  baseUrl: telegramBaseUrl ?? 'https://api.telegram.org',
                  timeoutMs,
                }),
                ...telegramUpdates,
              }),
            ] as const,
          ]
        : []),
    ]),
    /** The platforms connected with the account's own credentials, and the renewal of their sessions. */
    credentialSignIns: createCredentialSignIns({
      blueskyServiceUrl: blueskyBaseUrl,
      telegramBaseUrl,
      discordBaseUrl,
      timeoutMs,
    }),
  };
};
