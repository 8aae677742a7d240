import type { OAuthPlatform, PlatformConnection, PostingPlatform } from '@agentcast/contracts/connections';
import { useRefreshConnections } from '../../../api/connections.ts';
import { useOAuthPopup } from '../../../lib/oauth/use-oauth-popup.ts';

/**
 * Connecting a platform from an agent form, in the OAuth popup: to the agent being edited, or, in Create Agent, to
 * the agent-to-be (`onPending` keeps it until the agent is created and the server gives it the connection).
 */
export const useConnectAgentPlatform = ({
  agentId,
  onPending,
}: {
  agentId?: string;
  onPending?: (platform: PostingPlatform, connection: PlatformConnection) => void;
}) => {
  const popup = useOAuthPopup({
    onConnected: (message) => {
      if (!agentId && message.connection) onPending?.(message.platform, message.connection);
    },
    onSettled: useRefreshConnections(),
  });
  const connect = (platform: OAuthPlatform, instance?: { instance: string; onStartError: (error: unknown) => void }) =>
    void popup.connect(platform, {
      ...(agentId ? { action: 'edit_agent', agentId } : { action: 'create_agent', newAgent: true }),
      ...instance,
    });
  return { connect, connecting: popup.connecting };
};
