import { TIKTOK_CREATOR_MESSAGES, type TikTokCreator } from '@agentcast/contracts/tiktok-creator';
import { PlatformError } from '../../integrations/platforms/common/platform.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import type { ConnectionServices } from './connection-services.ts';
import { getPlatformAccess } from './get-platform-access.ts';
import { PlatformAccessError } from './platform-access-error.ts';

type Services = Pick<
  ConnectionServices,
  'db' | 'secretBox' | 'oauthProviders' | 'credentialSignIns' | 'logger' | 'tiktokCreator'
>;

/**
 * What the agent's next TikTok post will go out with: its account's creator_info, read now as TikTok asks apps to
 * before each post, and the audience the agent's video privacy gets there. A missing, revoked or failing connection
 * answers `unavailable` with a sentence for the preview to show, not an error: the post itself may still be
 * reviewed. Another user's agent is NOT_FOUND.
 */
export const readTikTokCreator = async (
  services: Services,
  { workspaceId, agentId }: { workspaceId: string; agentId: string },
): Promise<TikTokCreator> => {
  const agent = await findOwnedAgentRow(services.db, { workspaceId, agentId });
  try {
    const access = await getPlatformAccess(services, { workspaceId, agentId, platform: 'tiktok' });
    if (!access) return { status: 'unavailable', message: TIKTOK_CREATOR_MESSAGES.notConnected };
    return await services.tiktokCreator(access.accessToken, agent.videoPrivacy);
  } catch (error) {
    if (!(error instanceof PlatformAccessError || error instanceof PlatformError)) throw error;
    services.logger.info({ agentId, reason: error.message }, 'TikTok creator settings could not be read');
    return { status: 'unavailable', message: error.message };
  }
};
