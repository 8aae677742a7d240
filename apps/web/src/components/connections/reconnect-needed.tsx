import { CONNECTION_MESSAGES, type PlatformConnection } from '@agentcast/contracts/connections';
import { buttonClasses } from '../../lib/ui/button-classes.ts';

/**
 * Beside a connection the platform no longer accepts (its grant revoked or expired, a 401 on a post): what it said,
 * and Reconnect, which connects the account again (that clears it). Nothing while the connection works.
 */
export const ReconnectNeeded = ({
  connection,
  onReconnect,
  isReconnecting = false,
}: {
  connection?: PlatformConnection;
  onReconnect: () => void;
  isReconnecting?: boolean;
}) =>
  connection?.reconnect_reason ? (
    <div
      role="status"
      className="mt-3 flex flex-col items-start gap-2 rounded-lg border border-amber-400/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
    >
      <p className="min-w-0">
        <strong className="block">{CONNECTION_MESSAGES.reconnectNeeded}</strong>
        {connection.reconnect_reason}
      </p>
      <button type="button" className={buttonClasses('secondary')} onClick={onReconnect} disabled={isReconnecting}>
        {isReconnecting ? 'Connecting...' : CONNECTION_MESSAGES.reconnect}
      </button>
    </div>
  ) : null;
