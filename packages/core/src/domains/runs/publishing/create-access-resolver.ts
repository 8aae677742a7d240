import { isConnectablePlatform } from '@agentcast/contracts/connections';
import { getPlatformAccess } from '../../connections/get-platform-access.ts';
import type { ConnectionServices } from '../../connections/connection-services.ts';
import { PlatformAccessError } from '../../connections/platform-access-error.ts';
import type { ResolvePlatformAccess } from './publishing-services.ts';

/**
 * Publishing's view of platform connections: the agent's own account (else the user's agent-builder one), renewed
 * when due; a revoked or expired one is unusable until the person reconnects, a provider outage is worth a retry.
 */
export const createAccessResolver =
  (services: Pick<ConnectionServices, 'db' | 'secretBox' | 'oauthProviders' | 'logger'>): ResolvePlatformAccess =>
  async ({ userId, agentId, platform }) => {
    if (!isConnectablePlatform(platform)) return { kind: 'none' };
    try {
      const access = await getPlatformAccess(services, { userId, agentId, platform });
      return access
        ? { kind: 'ok', credentials: { accessToken: access.accessToken, accountId: access.accountId } }
        : { kind: 'none' };
    } catch (error) {
      if (error instanceof PlatformAccessError)
        return { kind: 'unusable', message: error.message, retry: error.reason === 'unavailable' };
      throw error;
    }
  };
