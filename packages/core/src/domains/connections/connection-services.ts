import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import type { OAuthProviders } from '../../integrations/oauth/create-oauth-providers.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';

/** What the connection use cases need; the API and the worker build it once at start-up. */
export type ConnectionServices = {
  db: Database;
  secretBox: SecretBox;
  oauthProviders: OAuthProviders;
  /** The app's public origin: OAuth callbacks must come back to `{publicUrl}/auth/{platform}/callback`. */
  publicUrl: string;
  logger: Logger;
  /** The plan of accounts with none set: it bounds how many social accounts they may connect. */
  defaultPlan: PlanId;
};
