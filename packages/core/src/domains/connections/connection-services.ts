import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import type { OutboundPolicy } from '../../integrations/net/outbound-policy.ts';
import type { ResolveHost } from '../../integrations/net/resolve-host.ts';
import type { OAuthProviders } from '../../integrations/oauth/create-oauth-providers.ts';
import type { CredentialSignIns } from '../../integrations/platforms/credential-sign-ins.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import type { FarcasterSigners } from '../../integrations/platforms/farcaster/farcaster-signer.ts';
import type { ReadTikTokCreator } from '../../integrations/platforms/tiktok/tiktok-creator-preview.ts';

/** What the connection use cases need; the API and the worker build it once at start-up. */
export type ConnectionServices = {
  db: Database;
  secretBox: SecretBox;
  oauthProviders: OAuthProviders;
  /** The platforms connected with the account's own credentials (Bluesky, Telegram, Discord), and the renewal of their sessions. */
  credentialSignIns: CredentialSignIns;
  /** Farcaster's signers through Neynar; absent when this server has no NEYNAR_API_KEY (Farcaster is off). */
  farcasterSigners?: FarcasterSigners;
  /** The TikTok creator's settings, read for the preview before a post. */
  tiktokCreator: ReadTikTokCreator;
  /** Which servers a person may have this one call: a self-hosted account's server (a Bluesky PDS) is checked. */
  outbound: { policy: OutboundPolicy; resolveHost?: ResolveHost };
  /** The app's public origin: OAuth callbacks must come back to `{publicUrl}/auth/{platform}/callback`. */
  publicUrl: string;
  logger: Logger;
  /** The plan of accounts with none set: it bounds how many social accounts they may connect. */
  defaultPlan: PlanId;
};
