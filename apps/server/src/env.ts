import { resolve } from 'node:path';
import { z } from 'zod';
import { platformPricesOverrideSchema, type PlatformPrices } from '@agentcast/contracts/costs';
import {
  LINKEDIN_API_VERSION,
  LINKEDIN_API_VERSION_PATTERN,
} from '@agentcast/core/integrations/platforms/linkedin/linkedin-api-version';
import { OPERATOR_APP_PLATFORMS, platformSettingNames } from '@agentcast/contracts/connections';
import { FACEBOOK_GRAPH_VERSION } from '@agentcast/core/integrations/platforms/facebook/facebook-graph-version';

/**
 * The server's whole configuration, read once at start-up. Nothing else reads process.env.
 * Every variable is listed, with its default, in the README's configuration table.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: this machine only (127.0.0.1) outside production, every interface in production. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Where people reach the app; links in e-mails and the allowed Origin of form posts derive from it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL (14+); when unset, embedded PGlite keeps the data in DATA_DIR/pglite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Connections each process keeps to DATABASE_URL (the job queue keeps 4 more of its own). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Agentcast <no-reply@agentcast.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines at a terminal outside production, JSON lines otherwise (logger.ts). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Number of reverse proxies in front of the server whose X-Forwarded-For entries are trusted. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** The built single-page app; the default is apps/web/dist of this checkout. */
  WEB_DIST_DIR: z.string().optional(),
  /** 32 bytes, base64: seals X credentials and platform tokens at rest. */
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
  /** An OpenAI-compatible endpoint writes the posts when set; without it, the built-in offline writer does. */
  OPENAI_API_KEY: z.string().optional(),
  /** e.g. http://localhost:11434/v1 for Ollama; the OpenAI API when unset. */
  OPENAI_BASE_URL: z.url().optional(),
  /** With a model name (e.g. text-embedding-3-small), knowledge search is hybrid: full-text and embeddings. */
  EMBEDDINGS_MODEL: z.string().optional(),
  /** Shorter vectors for models that offer it (text-embedding-3-*). */
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(8).max(4096).optional(),
  /** Defaults to OPENAI_BASE_URL and OPENAI_API_KEY. */
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** The ffmpeg executable for agent videos; unset: `ffmpeg` on the PATH, else the npm package's (find-ffmpeg.ts). */
  FFMPEG_PATH: z.string().optional(),
  /** Not ours: the system's search path, where ffmpeg is looked for when FFMPEG_PATH is unset. */
  PATH: z.string().default(''),
  /** How long one request to X or LinkedIn may go unanswered before it is abandoned. */
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** The plan of accounts an operator has not put on another (`npm run plan`). Spec §9: Starter. */
  DEFAULT_PLAN: z.enum(['starter', 'pro', 'enterprise']).default('starter'),
  /** How often agents with the chat activity look for posts to answer on X (issue: replies). */
  CHAT_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(120),
  /**
   * true: webhook receivers (and any server address a person types in) may be on this machine or a private network.
   * Outside production only; by default every server refuses them, so that nobody can make it call inward.
   */
  ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Tests only: divides every scheduling and publishing duration (60: an interval minute lasts a second). */
  TIME_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  /** off: this process only serves HTTP; run `npm run worker` processes for the jobs. */
  WORKER: z.enum(['on', 'off']).default('on'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  S3_BUCKET_IMAGES: z.string().default('images'),
  S3_BUCKET_TRAININGFILES: z.string().default('trainingfiles'),
  /** Public base URL of the images bucket, e.g. https://cdn.example.com or {S3_ENDPOINT}/{S3_BUCKET_IMAGES}. */
  S3_PUBLIC_URL: z.url().optional(),
  // Platform connections (OAuth). A platform without a client id and secret is "not configured on this server".
  // The base URLs exist so tests can point the real clients at loopback fakes; the API ones are shared with publishing.
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_OAUTH_BASE_URL: z.url().default('https://www.linkedin.com'),
  LINKEDIN_API_BASE_URL: z.url().default('https://api.linkedin.com'),
  /** Prices of billable platform calls (JSON) replacing X's published ones in the cost meter, e.g. {"x.read":0.006}. */
  PLATFORM_PRICES: z
    .string()
    .optional()
    .transform((raw, context): Partial<PlatformPrices> => {
      if (!raw) return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        context.addIssue({ code: 'custom', message: 'PLATFORM_PRICES must be JSON, e.g. {"x.read": 0.006}.' });
        return z.NEVER;
      }
      const prices = platformPricesOverrideSchema.safeParse(parsed);
      if (prices.success) return prices.data;
      context.addIssue({
        code: 'custom',
        message: `PLATFORM_PRICES: ${prices.error.issues[0]?.message ?? 'not a table of prices'}`,
      });
      return z.NEVER;
    }),
  /** The LinkedIn-Version of every LinkedIn API call; when LinkedIn sunsets it (426), posting says to change this. */
  LINKEDIN_API_VERSION: z
    .string()
    .regex(LINKEDIN_API_VERSION_PATTERN, 'LINKEDIN_API_VERSION must be a LinkedIn version: YYYYMM, e.g. 202607.')
    .default(LINKEDIN_API_VERSION),
  INSTAGRAM_CLIENT_ID: z.string().optional(),
  INSTAGRAM_CLIENT_SECRET: z.string().optional(),
  INSTAGRAM_OAUTH_BASE_URL: z.url().default('https://www.instagram.com'),
  INSTAGRAM_TOKEN_BASE_URL: z.url().default('https://api.instagram.com'),
  INSTAGRAM_API_BASE_URL: z.url().default('https://graph.instagram.com'),
  /** Google's OAuth client, for YouTube. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_BASE_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_TOKEN_BASE_URL: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_API_BASE_URL: z.url().default('https://www.googleapis.com'),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  /** The authorization page (/i/oauth2/authorize). */
  X_OAUTH_BASE_URL: z.url().default('https://x.com'),
  /** The X API: OAuth token endpoints, /2/users/me, and posting. */
  X_API_BASE_URL: z.url().default('https://api.x.com'),
  /** Meta's Threads app (its Threads app id and secret, not the Meta app's): Threads is on with both. */
  THREADS_CLIENT_ID: z.string().optional(),
  THREADS_CLIENT_SECRET: z.string().optional(),
  /** The authorization window (/oauth/authorize). */
  THREADS_OAUTH_BASE_URL: z.url().default('https://threads.net'),
  /** The Threads API: the code exchange, long-lived tokens and their renewal, the profile, posting and replies. */
  THREADS_API_BASE_URL: z.url().default('https://graph.threads.net'),
  /** A Meta app with Facebook Login for Business: Facebook Pages are on with both. */
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** The login dialog (/{version}/dialog/oauth). */
  FACEBOOK_OAUTH_BASE_URL: z.url().default('https://www.facebook.com'),
  /** The Graph API: the code exchange, the person's Pages, posting, comments, metrics. */
  FACEBOOK_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com'),
  /** The Graph API version of every call; Meta keeps one about two years. */
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'FACEBOOK_GRAPH_VERSION must be a Graph API version such as v27.0.')
    .default(FACEBOOK_GRAPH_VERSION),
  /** TikTok's app (Login Kit and the Content Posting API): TikTok is on with both. */
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
  /** The authorization page (/v2/auth/authorize/). */
  TIKTOK_OAUTH_BASE_URL: z.url().default('https://www.tiktok.com'),
  /** TikTok's API: tokens, the account, creator_info, posting, the account's videos. */
  TIKTOK_API_BASE_URL: z.url().default('https://open.tiktokapis.com'),
  /** `true` once TikTok has audited the app; until then every post goes out private (SELF_ONLY), as TikTok requires. */
  TIKTOK_AUDITED: z
    .enum(['true', 'false'], { error: 'TIKTOK_AUDITED must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Bluesky's service, where accounts sign in with an app password (a self-hosted account gives its own PDS). */
  BLUESKY_SERVICE_URL: z.url().default('https://bsky.social'),
  /** The Telegram Bot API (https://api.telegram.org/bot{token}/{method}). */
  TELEGRAM_API_BASE_URL: z.url().default('https://api.telegram.org'),
  /**
   * How connected bots' messages reach agents that answer on Telegram: `auto` (a webhook when PUBLIC_URL is a public
   * https address, else long polling with getUpdates), or `webhook` / `polling` to choose.
   */
  TELEGRAM_UPDATES: z.enum(['auto', 'webhook', 'polling']).default('auto'),
  /** Discord's API; a channel webhook URL is accepted only under it (discordapp.com counts as discord.com). */
  DISCORD_API_BASE_URL: z.url().default('https://discord.com/api'),
  /** Farcaster goes through Neynar: its API key turns Farcaster on (with the app's id and mnemonic below). */
  NEYNAR_API_KEY: z.string().min(1).optional(),
  NEYNAR_API_BASE_URL: z.url().default('https://api.neynar.com'),
  /** The Farcaster account of this app (its fid), which signs the key requests people approve. */
  FARCASTER_APP_FID: z.coerce.number().int().positive('must be the app account’s Farcaster id (fid)').optional(),
  /** That account's custody mnemonic (12 or 24 words): it signs the requests, it never leaves the server. */
  FARCASTER_APP_MNEMONIC: z.string().min(1).optional(),
  OAUTH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** The ERC-721 membership collection; its tokens open the dashboard. Unset: the gate is off. */
  MEMBERSHIP_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a contract address: 0x followed by 40 hex digits')
    .transform((value) => value as `0x${string}`)
    .optional(),
  /** The chain of the collection; SIWE messages must name it. Base: 8453. */
  MEMBERSHIP_CHAIN_ID: z.coerce.number().int().positive().default(8453),
  /** JSON-RPC of that chain, for the server's reads and the browser's. */
  MEMBERSHIP_RPC_URL: z.url({ protocol: /^https?$/ }).default('https://mainnet.base.org'),
  /** on | off; unset: on exactly when MEMBERSHIP_CONTRACT is set. */
  MEMBERSHIP_GATE: z.enum(['on', 'off']).optional(),
  /** How long one on-chain balance read is reused, in seconds (at most 60). */
  MEMBERSHIP_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(60),
  /** Card payments with Stripe (issue 37): the secret key turns billing on; the rest below must come with it. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint {PUBLIC_URL}/api/billing/stripe/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The recurring prices of the landing page's plans, one per plan and period (price_…). */
  STRIPE_PRICE_STARTER_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_STARTER_YEARLY: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_YEARLY: z.string().min(1).optional(),
  /** Stripe's API (the tests' fake answers on loopback). */
  STRIPE_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
});

/** What card payments need besides the secret key. */
const STRIPE_SETTINGS = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER_MONTHLY',
  'STRIPE_PRICE_STARTER_YEARLY',
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_YEARLY',
] as const;

/** The platforms' client settings (id and secret; TikTok's client key and secret): both or neither must be set. */
type EnvName = keyof z.infer<typeof envSchema>;
const OAUTH_CLIENT_SETTINGS = OPERATOR_APP_PLATFORMS.map(platformSettingNames) as [EnvName, EnvName][];

export type Env = z.infer<typeof envSchema> & {
  isProduction: boolean;
  /** MEMBERSHIP_GATE resolved: explicit, or on when a contract is configured. */
  isMembershipGateOn: boolean;
};

export class EnvError extends Error {}

/** Empty values (as copied from .env.example) count as unset. */
const withoutEmptyValues = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));

/** Browsers treat these as secure contexts and keep Secure cookies on them even over http://. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isServedSecurely = (publicUrl: string) => {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === 'https:' || LOOPBACK_HOSTS.has(hostname);
};

export const parseEnv = (source: Record<string, string | undefined>): Env => {
  const result = envSchema.safeParse(withoutEmptyValues(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    const missing = [
      !env.BETTER_AUTH_SECRET && 'BETTER_AUTH_SECRET (at least 32 random characters)',
      !env.PUBLIC_URL && 'PUBLIC_URL (e.g. https://agentcast.example.com)',
      !env.ENCRYPTION_KEY && 'ENCRYPTION_KEY (32 bytes, base64: openssl rand -base64 32)',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new EnvError(`Production mode needs these settings:\n${missing.map((line) => `  ${line}`).join('\n')}`);
    }
  }
  if (isProduction && env.PUBLIC_URL && !isServedSecurely(env.PUBLIC_URL)) {
    throw new EnvError(
      `PUBLIC_URL must be an https:// address in production (it is ${env.PUBLIC_URL}): session cookies are Secure there, ` +
        'so browsers would not keep them over http:// and nobody could sign in. Put a TLS-terminating proxy in front ' +
        '(see "In production" in the README); http://localhost is allowed for trying a production build on one machine.',
    );
  }
  if (isProduction && env.ALLOW_PRIVATE_TARGETS) {
    throw new EnvError(
      'ALLOW_PRIVATE_TARGETS=true is for development and tests: in production anyone who registers a webhook could ' +
        "make the server call its own machine, its private network or the cloud's metadata service. Remove it.",
    );
  }
  if (env.MEMBERSHIP_GATE === 'on' && !env.MEMBERSHIP_CONTRACT) {
    throw new EnvError('MEMBERSHIP_GATE=on needs MEMBERSHIP_CONTRACT: the address of the membership NFT collection.');
  }
  if (isProduction && !env.MEMBERSHIP_CONTRACT && env.MEMBERSHIP_GATE !== 'off') {
    throw new EnvError(
      'Production mode needs the membership gate configured: set MEMBERSHIP_CONTRACT to the membership NFT collection ' +
        `(on chain ${env.MEMBERSHIP_CHAIN_ID}), or set MEMBERSHIP_GATE=off to let every signed-in account use the dashboard.`,
    );
  }
  if (env.NEYNAR_API_KEY && !(env.FARCASTER_APP_FID && env.FARCASTER_APP_MNEMONIC)) {
    throw new EnvError(
      'NEYNAR_API_KEY needs FARCASTER_APP_FID and FARCASTER_APP_MNEMONIC: the Farcaster account that signs the key ' +
        'requests people approve (README, "Farcaster").',
    );
  }
  if (env.EMBEDDINGS_MODEL && !(env.EMBEDDINGS_API_KEY ?? env.OPENAI_API_KEY)) {
    throw new EnvError('EMBEDDINGS_MODEL needs an API key: set EMBEDDINGS_API_KEY or OPENAI_API_KEY.');
  }
  if (env.TIME_SCALE !== 1 && env.NODE_ENV !== 'test') {
    throw new EnvError('TIME_SCALE is for tests: it needs NODE_ENV=test.');
  }
  for (const [idName, secretName] of OAUTH_CLIENT_SETTINGS) {
    if (Boolean(env[idName]) !== Boolean(env[secretName])) {
      throw new EnvError(`${idName} and ${secretName} go together: set both to connect that platform, or neither.`);
    }
  }
  const missingStripe = env.STRIPE_SECRET_KEY ? STRIPE_SETTINGS.filter((name) => !env[name]) : [];
  if (missingStripe.length > 0) {
    throw new EnvError(
      `STRIPE_SECRET_KEY turns card payments on, which also need: ${missingStripe.join(', ')} (README, "Billing").`,
    );
  }
  if (env.STORAGE_DRIVER === 's3') {
    const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter(
      (name) => !env[name],
    );
    if (missing.length > 0) throw new EnvError(`STORAGE_DRIVER=s3 needs: ${missing.join(', ')}`);
  }
  return {
    ...env,
    DATA_DIR: resolve(env.DATA_DIR),
    // A development server is not on the network unless asked: a laptop in a café keeps it to itself.
    HOST: env.HOST ?? (isProduction ? undefined : '127.0.0.1'),
    // Unset means http://localhost:{the port actually bound}, decided once the server listens.
    PUBLIC_URL: env.PUBLIC_URL?.replace(/\/+$/, ''),
    isProduction,
    isMembershipGateOn: env.MEMBERSHIP_GATE ? env.MEMBERSHIP_GATE === 'on' : Boolean(env.MEMBERSHIP_CONTRACT),
  };
};
