import type { ConnectablePlatform, CredentialConnectInput } from '@agentcast/contracts/connections';
import { OAuthProviderError, type ProviderAccount, type StoredTokens, type TokenSet } from '../oauth/oauth-provider.ts';
import { createBlueskySession, refreshBlueskySession, type BlueskySession } from './bluesky/bluesky-session.ts';
import { PlatformError } from './common/platform.ts';
import { checkDiscordWebhook } from './discord/discord-webhook-check.ts';
import { checkTelegramBot } from './telegram/telegram-bot-check.ts';

/** What signing in with an account's own credentials grants, as a connection keeps it. */
export type CredentialGrant = { tokens: TokenSet; account: ProviderAccount; serviceUrl: string | null };

/** Renews a stored grant that expires (a Bluesky session); throws OAuthProviderError as OAuth refreshes do. */
export type SessionRenewer = {
  canRefresh: (tokens: StoredTokens) => boolean;
  refresh: (tokens: StoredTokens, context: { serviceUrl: string | null }) => Promise<TokenSet>;
};

export type CredentialSignIns = {
  /** The operator's address of the platform (BLUESKY_SERVICE_URL): trusted, unlike an address a person gives. */
  serviceUrlOf: (platform: CredentialConnectInput['platform']) => string;
  /** Checks the credentials with the platform and answers what to keep. Throws PlatformError in the person's words. */
  signIn: (input: CredentialConnectInput) => Promise<CredentialGrant>;
  renewerOf: (platform: ConnectablePlatform) => SessionRenewer | undefined;
};

export type CredentialSignInsConfig = {
  blueskyServiceUrl?: string;
  telegramBaseUrl?: string;
  discordBaseUrl?: string;
  timeoutMs: number;
};

/** A secret that does not expire and is not renewed: a bot token, a webhook's token. */
const lastingTokens = (secret: string): TokenSet => ({
  accessToken: secret,
  refreshToken: null,
  expiresAt: null,
  scopes: [],
});

const blueskyGrant = (session: BlueskySession): CredentialGrant => ({
  tokens: {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: session.expiresAt,
    scopes: [],
  },
  account: { accountId: session.did, displayName: `@${session.handle}`, handle: session.handle },
  serviceUrl: session.serviceUrl,
});

/** A platform's refusal, as the renewal of a connection acts on it: connect again, or try later. */
const asProviderError = (error: unknown) => {
  if (!(error instanceof PlatformError)) return error;
  return new OAuthProviderError(error.kind === 'permanent' ? 'rejected' : 'unavailable', error.message);
};

/**
 * The platforms connected with the account's own credentials: Bluesky by handle and app password, whose session is
 * kept (never the password) and renewed with its refresh token; a Telegram bot's token with the channel or group it
 * posts in, checked to be an administrator allowed to post there; a Discord channel's webhook.
 */
export const createCredentialSignIns = ({
  blueskyServiceUrl = 'https://bsky.social',
  telegramBaseUrl = 'https://api.telegram.org',
  discordBaseUrl = 'https://discord.com/api',
  timeoutMs,
}: CredentialSignInsConfig): CredentialSignIns => {
  const bluesky: SessionRenewer = {
    canRefresh: (tokens) => tokens.refreshToken !== null,
    refresh: async (tokens, { serviceUrl }) => {
      try {
        const session = await refreshBlueskySession({
          serviceUrl: serviceUrl ?? blueskyServiceUrl,
          refreshJwt: tokens.refreshToken ?? '',
          timeoutMs,
        });
        return blueskyGrant(session).tokens;
      } catch (error) {
        throw asProviderError(error);
      }
    },
  };
  const urls = { bluesky: blueskyServiceUrl, telegram: telegramBaseUrl, discord: discordBaseUrl };

  const signIn = async (input: CredentialConnectInput): Promise<CredentialGrant> => {
    switch (input.platform) {
      case 'bluesky':
        return blueskyGrant(
          await createBlueskySession({
            serviceUrl: input.service_url || blueskyServiceUrl,
            identifier: input.handle,
            password: input.app_password,
            timeoutMs,
          }),
        );
      case 'telegram': {
        const bot = await checkTelegramBot({
          baseUrl: telegramBaseUrl,
          token: input.bot_token,
          chat: input.chat,
          timeoutMs,
        });
        return {
          tokens: lastingTokens(input.bot_token),
          account: {
            accountId: bot.chatId,
            displayName: `${bot.chatTitle} (by @${bot.botUsername})`,
            handle: bot.chatUsername ?? null,
          },
          serviceUrl: null,
        };
      }
      case 'discord': {
        const webhook = await checkDiscordWebhook({
          apiBaseUrl: discordBaseUrl,
          webhookUrl: input.webhook_url,
          timeoutMs,
        });
        return {
          tokens: lastingTokens(webhook.token),
          account: { accountId: webhook.webhookId, displayName: `“${webhook.name}” webhook`, handle: null },
          serviceUrl: null,
        };
      }
    }
  };

  return {
    serviceUrlOf: (platform) => urls[platform],
    signIn,
    renewerOf: (platform) => (platform === 'bluesky' ? bluesky : undefined),
  };
};
