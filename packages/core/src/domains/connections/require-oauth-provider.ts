import { CONNECTION_MESSAGES, type ConnectablePlatform } from '@agentcast/contracts/connections';
import { AppError } from '../../kernel/app-error.ts';
import type { OAuthProviders } from '../../integrations/oauth/create-oauth-providers.ts';
import type { OAuthProvider } from '../../integrations/oauth/oauth-provider.ts';

/** The platform's provider, or a 409 saying that this server has no app credentials for it. */
export const requireOAuthProvider = (providers: OAuthProviders, platform: ConnectablePlatform): OAuthProvider => {
  const provider = providers.get(platform);
  if (!provider) throw new AppError('CONFLICT', CONNECTION_MESSAGES.notConfigured(platform));
  return provider;
};
