import { z } from 'zod';
import { PUBLISHING_MESSAGES } from './publishing-constants.ts';

/**
 * The platforms a person connects by OAuth through the operator's own app (its client id and secret in the
 * settings). The spec's agent builder has three (Instagram, LinkedIn, YouTube); X is a fourth, for posting
 * (design.md §5: X through the official API with OAuth 2.0); Threads, Facebook Pages and TikTok came with issue 35.
 */
export const OPERATOR_APP_PLATFORMS = [
  'linkedin',
  'instagram',
  'youtube',
  'x',
  'threads',
  'facebook',
  'tiktok',
] as const;
export type OperatorAppPlatform = (typeof OPERATOR_APP_PLATFORMS)[number];

/**
 * The OAuth platforms of many servers, where the person names their own (a Mastodon instance) and this server
 * registers itself as an app there the first time someone connects from it: no settings needed (issue 33).
 */
export const INSTANCE_OAUTH_PLATFORMS = ['mastodon'] as const;

/** Every platform connected through an OAuth popup. */
export const OAUTH_PLATFORMS = [...OPERATOR_APP_PLATFORMS, ...INSTANCE_OAUTH_PLATFORMS] as const;
export type OAuthPlatform = (typeof OAUTH_PLATFORMS)[number];

/**
 * The platforms a person connects by giving the account's own credentials (issue 33): Bluesky's app password, a
 * Telegram bot's token and its channel, a Discord channel's webhook URL.
 */
export const CREDENTIAL_PLATFORMS = ['bluesky', 'telegram', 'discord'] as const;
export type CredentialPlatform = (typeof CREDENTIAL_PLATFORMS)[number];

/**
 * The platforms connected by approving this server's key in the person's own app (issue 33): Farcaster, through a
 * Neynar signer the person approves in their Farcaster app.
 */
export const SIGNER_PLATFORMS = ['farcaster'] as const;

export const CONNECTABLE_PLATFORMS = [...OAUTH_PLATFORMS, ...CREDENTIAL_PLATFORMS, ...SIGNER_PLATFORMS] as const;
export type ConnectablePlatform = (typeof CONNECTABLE_PLATFORMS)[number];

/**
 * The open networks of issue 33, each in a panel of its own on the Agent Builder (outside the spec's three cards)
 * and a Connect field of the agent forms.
 */
export const OPEN_NETWORK_PLATFORMS = [
  'bluesky',
  'mastodon',
  'telegram',
  'discord',
  'farcaster',
] as const satisfies readonly ConnectablePlatform[];
export type OpenNetworkPlatform = (typeof OPEN_NETWORK_PLATFORMS)[number];

/** Spec §2: the agent builder's three cards, in the spec's order; its counter counts these only. */
export const SPEC_BUILDER_PLATFORMS = [
  'instagram',
  'linkedin',
  'youtube',
] as const satisfies readonly ConnectablePlatform[];
export type SpecBuilderPlatform = (typeof SPEC_BUILDER_PLATFORMS)[number];

/** The platforms an agent can post to (its clients besides the terminal), each through a connected account. */
export const POSTING_PLATFORMS = [
  'x',
  'linkedin',
  'instagram',
  'youtube',
  'bluesky',
  'telegram',
  'discord',
  'mastodon',
  'farcaster',
  'threads',
  'facebook',
  'tiktok',
] as const satisfies readonly ConnectablePlatform[];
export type PostingPlatform = (typeof POSTING_PLATFORMS)[number];

export const PLATFORM_LABELS: Record<ConnectablePlatform, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  bluesky: 'Bluesky',
  telegram: 'Telegram',
  discord: 'Discord',
  mastodon: 'Mastodon',
  farcaster: 'Farcaster',
  threads: 'Threads',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

/**
 * The server settings that turn a platform on (README configuration table): `{PREFIX}_CLIENT_ID` and `_SECRET`.
 * Operator words: the server logs them at start-up; the pages never show them.
 */
export const PLATFORM_SETTING_PREFIX: Record<OperatorAppPlatform, string> = {
  linkedin: 'LINKEDIN',
  instagram: 'INSTAGRAM',
  youtube: 'GOOGLE',
  x: 'X',
  threads: 'THREADS',
  facebook: 'FACEBOOK',
  tiktok: 'TIKTOK',
};

/** TikTok names its app's id a client key. */
const CLIENT_ID_NAME: Partial<Record<OperatorAppPlatform, string>> = { tiktok: 'CLIENT_KEY' };

export const platformSettingNames = (platform: OperatorAppPlatform) => [
  `${PLATFORM_SETTING_PREFIX[platform]}_${CLIENT_ID_NAME[platform] ?? 'CLIENT_ID'}`,
  `${PLATFORM_SETTING_PREFIX[platform]}_CLIENT_SECRET`,
];

export const isConnectablePlatform = (value: unknown): value is ConnectablePlatform =>
  typeof value === 'string' && (CONNECTABLE_PLATFORMS as readonly string[]).includes(value);

export const isOAuthPlatform = (value: unknown): value is OAuthPlatform =>
  typeof value === 'string' && (OAUTH_PLATFORMS as readonly string[]).includes(value);

/** Whether connecting this platform starts by naming the person's own server (a Mastodon instance). */
export const needsInstance = (platform: ConnectablePlatform) =>
  (INSTANCE_OAUTH_PLATFORMS as readonly string[]).includes(platform);

/** Mastodon's OAuth scopes: post with media, read the account, its posts (lookups, metrics) and notifications. */
export const MASTODON_SCOPES = [
  'read:accounts',
  'read:statuses',
  'read:notifications',
  'write:statuses',
  'write:media',
];

export const INSTANCE_MESSAGES = {
  required: 'Enter your Mastodon instance, such as mastodon.social',
  tooLong: 'An instance address is at most 300 characters',
  invalid: 'Enter the instance’s address, such as mastodon.social or https://mastodon.example.',
} as const;

/** Spec §7: the provider sends the browser back to `{host}/auth/{platform}/callback`. */
export const oauthCallbackPath = (platform: OAuthPlatform) => `/auth/${platform}/callback`;

/** How long an OAuth round trip may take between start and exchange (the server forgets the state after it). */
export const OAUTH_FLOW_LIFETIME_MS = 10 * 60 * 1000;

/** Spec §2, §4, §5, §8 and §9 texts and timings of platform connections, word for word where the spec gives them. */
export const CONNECTION_MESSAGES = {
  backToHome: 'Back to Home',
  disconnect: 'Disconnect',
  launchAgent: 'Launch AI Agent',
  connect: (platform: ConnectablePlatform) => `Connect ${PLATFORM_LABELS[platform]}`,
  counter: (connected: number) => `${connected} / ${SPEC_BUILDER_PLATFORMS.length} Platforms Connected`,
  popupFailed: (platform: ConnectablePlatform) =>
    `Failed to connect to ${PLATFORM_LABELS[platform]}. Please try again.`,
  /** Under a card whose platform this server has no OAuth app for: end-user words (the settings go to the log). */
  notAvailable: 'Not available on this server yet',
  notConfigured: (platform: ConnectablePlatform) => `${PLATFORM_LABELS[platform]} is not available on this server yet.`,
  /** Beside a platform an agent posts to with no account connected (the agent's own or the account's). */
  notConnectedForPosts: (platform: ConnectablePlatform) =>
    `${PLATFORM_LABELS[platform]} is not connected: posts stay in the Terminal until it is.`,
  /** Beside a platform an agent answers people on with no account connected. */
  notConnectedForReplies: (platform: ConnectablePlatform) =>
    `${PLATFORM_LABELS[platform]} is not connected: the agent answers nobody there until it is.`,
  /** Beside a platform an agent posts to that this server has no OAuth app for: nobody here can connect it. */
  notSetUpForPosts: (platform: ConnectablePlatform) =>
    `${PLATFORM_LABELS[platform]} is not set up on this server, so nothing goes out to ${PLATFORM_LABELS[platform]}.`,
  /** Where a person would connect a platform this server has no OAuth app for (the agent builder, the Terminal). */
  operatorHasNotSetUp: (platform: ConnectablePlatform) => PUBLISHING_MESSAGES.notSetUpByOperator(platform),
  disconnected: (platform: ConnectablePlatform) => `${PLATFORM_LABELS[platform]} disconnected successfully`,
  disconnectFailed: (platform: ConnectablePlatform, message: string) =>
    `Failed to disconnect ${PLATFORM_LABELS[platform]}: ${message}`,
  connectedAs: (platform: ConnectablePlatform, name: string) => `${PLATFORM_LABELS[platform]} connected as ${name}`,
  /** Beside a connection the platform no longer accepts, with the reason it gave. */
  reconnectNeeded: 'Reconnect needed',
  reconnect: 'Reconnect',
} as const;

/** Spec §2 and §5: the OAuth callback screen. */
export const OAUTH_CALLBACK_MESSAGES = {
  processing: 'Completing the connection…',
  failedHeading: 'OAuth authentication failed',
  returnHome: 'Return to Home',
  unknownPlatform: 'Could not determine platform from callback URL.',
  providerError: (code: string) => `OAuth error: ${code}`,
  noCode: 'No authorization code received',
  invalidState: 'Invalid state parameter',
  exchangeFailed: 'Failed to exchange authorization code',
  unexpected: 'An unexpected error occurred',
  connected: (platform: ConnectablePlatform) => `${PLATFORM_LABELS[platform]} connected successfully!`,
  connectedToAgent: (platform: ConnectablePlatform, agentName: string) =>
    `${PLATFORM_LABELS[platform]} connected to agent "${agentName}"!`,
  redirectingToDashboard: 'Redirecting to the dashboard in 3 seconds…',
  redirectingHome: 'Redirecting to the home page in 3 seconds…',
  returningToForm: 'Return to your agent form to finish creating the agent.',
} as const;

export const OAUTH_TIMINGS = {
  /** Spec §9: post-OAuth redirect. */
  redirectAfterSuccess: 3000,
  /** Spec §9: popup closure check. */
  popupCheck: 1000,
  /** Spec §7: the popup's size. */
  popupWidth: 500,
  popupHeight: 600,
} as const;

const platformSchema = z.enum(OAUTH_PLATFORMS, {
  error: `Platform must be one of: ${OAUTH_PLATFORMS.join(', ')}`,
});
const redirectUriSchema = z.string({ error: 'redirect_uri is required' }).min(1, 'redirect_uri is required').max(2000);

/**
 * POST /api/oauth/start. Without agentId the connection is the user's (agent builder); with it, that agent's;
 * `newAgent` holds it for an agent the Create Agent form has not saved yet.
 */
export const oauthStartInputSchema = z
  .object({
    platform: platformSchema,
    redirect_uri: redirectUriSchema,
    agentId: z.uuid('agentId must be an agent id').optional(),
    newAgent: z.boolean().optional(),
    /** The person's own server, for the platforms of many (a Mastodon instance): `mastodon.social` or a URL. */
    instance: z.string().trim().max(300, INSTANCE_MESSAGES.tooLong).optional(),
  })
  .refine((input) => !(input.agentId && input.newAgent), {
    message: 'Give agentId or newAgent, not both',
    path: ['newAgent'],
  })
  .refine((input) => !needsInstance(input.platform) || Boolean(input.instance), {
    message: INSTANCE_MESSAGES.required,
    path: ['instance'],
  });
export type OAuthStartInput = z.infer<typeof oauthStartInputSchema>;
export const oauthStartAnswerSchema = z.object({ url: z.string(), state: z.string() });
export type OAuthStartAnswer = z.infer<typeof oauthStartAnswerSchema>;

/** POST /api/oauth/exchange (spec §7). */
export const oauthExchangeInputSchema = z.object({
  platform: platformSchema,
  code: z.string({ error: OAUTH_CALLBACK_MESSAGES.noCode }).min(1, OAUTH_CALLBACK_MESSAGES.noCode).max(4000),
  state: z
    .string({ error: OAUTH_CALLBACK_MESSAGES.invalidState })
    .min(1, OAUTH_CALLBACK_MESSAGES.invalidState)
    .max(200),
  redirect_uri: redirectUriSchema,
});
export type OAuthExchangeInput = z.infer<typeof oauthExchangeInputSchema>;

/** A connected account as the API describes it: never a token. */
export const platformConnectionSchema = z.object({
  id: z.string(),
  platform: z.enum(CONNECTABLE_PLATFORMS),
  /** null: the user's own (agent builder). */
  agent_id: z.string().nullable(),
  /** Made in the Create Agent form, waiting for the agent to be created. */
  pending: z.boolean(),
  /** LinkedIn `urn:li:person:{sub}`, the Instagram user id, the YouTube channel id, the X user id. */
  account_id: z.string(),
  display_name: z.string(),
  handle: z.string().nullable(),
  /** The account's own server, where the network has many (a Bluesky PDS); null otherwise. */
  service_url: z.string().nullable(),
  /** Why the platform no longer accepts this connection ("Reconnect X: the access was revoked"); null: it works. */
  reconnect_reason: z.string().nullable(),
  scopes: z.array(z.string()),
  /** When the access expires unless refreshed; null when the provider gave no expiry. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlatformConnection = z.infer<typeof platformConnectionSchema>;

export const oauthExchangeAnswerSchema = z.object({
  success: z.literal(true),
  connection: platformConnectionSchema,
  agent_name: z.string().nullable(),
});
export type OAuthExchangeAnswer = z.infer<typeof oauthExchangeAnswerSchema>;

export const platformAvailabilitySchema = z.object({
  platform: z.enum(CONNECTABLE_PLATFORMS),
  configured: z.boolean(),
  /** The operator's app may post only privately until the platform audits it (TikTok): posts go out private. */
  posts_private: z.boolean().optional(),
});

/** Bluesky's sign-in for apps: a handle and an app password (never the account password), on its PDS. */
export const BLUESKY_APP_PASSWORDS_URL = 'https://bsky.app/settings/app-passwords';
/** Where a Telegram bot and its token are made. */
export const TELEGRAM_BOTFATHER_URL = 'https://t.me/BotFather';
/** Discord's guide to a channel's webhooks (Server Settings → Integrations → Webhooks). */
export const DISCORD_WEBHOOKS_HELP_URL = 'https://support.discord.com/hc/en-us/articles/228383668';

/**
 * POST /api/connections/credentials: an account connected with its own credentials, checked with the platform at
 * once. Like the OAuth start, it is the user's own (agent builder), an agent's, or held for an agent-to-be.
 */
export const credentialConnectInputSchema = z
  .discriminatedUnion(
    'platform',
    [
      z.object({
        platform: z.literal('bluesky'),
        handle: z
          .string({ error: 'Enter your Bluesky handle' })
          .trim()
          .min(1, 'Enter your Bluesky handle')
          .max(253, 'A handle is at most 253 characters'),
        app_password: z
          .string({ error: 'Enter an app password' })
          .trim()
          .min(1, 'Enter an app password')
          .max(100, 'An app password is at most 100 characters'),
        /** A self-hosted account's PDS; absent: Bluesky's own service. */
        service_url: z.string().trim().max(300, 'An address is at most 300 characters').optional(),
        agentId: z.uuid('agentId must be an agent id').optional(),
        newAgent: z.boolean().optional(),
      }),
      z.object({
        platform: z.literal('telegram'),
        bot_token: z
          .string({ error: 'Enter the bot token from @BotFather' })
          .trim()
          .min(1, 'Enter the bot token from @BotFather')
          .regex(/^\d+:[\w-]+$/, 'A bot token looks like 123456789:AAH…, as @BotFather gives it'),
        chat: z
          .string({ error: 'Enter the channel or group' })
          .trim()
          .min(1, 'Enter the channel or group')
          .max(100, 'Enter the channel as @name, or the group’s numeric id such as -1001234567890'),
        agentId: z.uuid('agentId must be an agent id').optional(),
        newAgent: z.boolean().optional(),
      }),
      z.object({
        platform: z.literal('discord'),
        webhook_url: z
          .string({ error: 'Enter the webhook URL' })
          .trim()
          .min(1, 'Enter the webhook URL')
          .max(500, 'A webhook URL is at most 500 characters'),
        agentId: z.uuid('agentId must be an agent id').optional(),
        newAgent: z.boolean().optional(),
      }),
    ],
    { error: `Platform must be one of: ${CREDENTIAL_PLATFORMS.join(', ')}` },
  )
  .refine((input) => !(input.agentId && input.newAgent), {
    message: 'Give agentId or newAgent, not both',
    path: ['newAgent'],
  });
export type CredentialConnectInput = z.infer<typeof credentialConnectInputSchema>;

export { FARCASTER_MESSAGES } from './farcaster-constants.ts';

/** GET /api/connections[?agent=id]: which platforms this server can connect, and the connections. */
export const connectionsOverviewSchema = z.object({
  platforms: z.array(platformAvailabilitySchema),
  connections: z.array(platformConnectionSchema),
});
export type ConnectionsOverview = z.infer<typeof connectionsOverviewSchema>;

/** DELETE /api/connections/:id: disconnected, and whether the provider revoked the grant. */
export const disconnectAnswerSchema = z.object({ success: z.literal(true), revoked: z.boolean() });

/** What the Create Agent form adds to its submission: connections made before the agent existed. */
export const pendingConnectionsSchema = z.object({
  pending_connections: z.array(z.uuid('Not a connection id')).max(CONNECTABLE_PLATFORMS.length).default([]),
});

/** What the callback window tells the window that opened it (never a token). */
export type OAuthResultMessage = {
  source: 'agentcast-oauth';
  platform: OAuthPlatform;
  state: string;
  status: 'success' | 'error';
  message?: string;
  connection?: PlatformConnection;
};

export const isOAuthResultMessage = (value: unknown): value is OAuthResultMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as { source?: unknown }).source === 'agentcast-oauth' &&
  isOAuthPlatform((value as { platform?: unknown }).platform);
