import { CONNECTION_MESSAGES, type ConnectablePlatform } from '@agentcast/contracts/connections';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

export type ConnectionControlProps = {
  isConfigured: boolean;
  isConnecting: boolean;
  isDisconnecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
};

/**
 * A platform's one action on the agent builder: Disconnect once connected, else its connect button (disabled while
 * connecting, or when the server has no OAuth app for it; `describedBy` then names the note that says so).
 */
export const ConnectionButton = ({
  platform,
  isConnected,
  isConfigured,
  isConnecting,
  isDisconnecting,
  onConnect,
  onDisconnect,
  connectVariant = 'primary',
  describedBy,
}: ConnectionControlProps & {
  platform: ConnectablePlatform;
  isConnected: boolean;
  connectVariant?: 'primary' | 'secondary';
  describedBy?: string;
}) =>
  isConnected ? (
    <button
      type="button"
      className={buttonClasses('danger', 'w-full')}
      onClick={onDisconnect}
      disabled={isDisconnecting}
    >
      {isDisconnecting ? 'Disconnecting...' : CONNECTION_MESSAGES.disconnect}
    </button>
  ) : (
    <button
      type="button"
      className={buttonClasses(connectVariant, 'w-full')}
      onClick={onConnect}
      disabled={!isConfigured || isConnecting}
      aria-describedby={describedBy}
    >
      {isConnecting ? 'Connecting...' : CONNECTION_MESSAGES.connect(platform)}
    </button>
  );
