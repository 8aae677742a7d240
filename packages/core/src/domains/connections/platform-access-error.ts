import { PLATFORM_LABELS, type ConnectablePlatform } from '@agentcast/contracts/connections';
import { AppError } from '../../kernel/app-error.ts';

/**
 * Why a connected account cannot be used right now. `revoked` and `expired` need the person to connect again
 * (CONFLICT), and so does `unreadable`: the saved access cannot be opened with this server's key (ENCRYPTION_KEY was
 * changed, or the value damaged); `unavailable` is the provider failing while renewing the access, worth retrying.
 */
export type PlatformAccessFailure = 'revoked' | 'expired' | 'unreadable' | 'unavailable';

const messageFor = (platform: ConnectablePlatform, reason: PlatformAccessFailure, detail?: string) => {
  const label = PLATFORM_LABELS[platform];
  if (reason === 'revoked') return `Reconnect ${label}: the access was revoked`;
  if (reason === 'expired') return `Reconnect ${label}: the access expired`;
  if (reason === 'unreadable')
    return `Reconnect ${label}: this server can no longer read the saved access (its ENCRYPTION_KEY changed since it was connected)`;
  return `${label} could not renew the access just now${detail ? ` (${detail})` : ''}; it will be tried again.`;
};

export class PlatformAccessError extends AppError {
  readonly platform: ConnectablePlatform;
  readonly reason: PlatformAccessFailure;
  readonly connectionId: string;

  constructor(platform: ConnectablePlatform, reason: PlatformAccessFailure, connectionId: string, detail?: string) {
    super(reason === 'unavailable' ? 'UPSTREAM_FAILED' : 'CONFLICT', messageFor(platform, reason, detail));
    this.name = 'PlatformAccessError';
    this.platform = platform;
    this.reason = reason;
    this.connectionId = connectionId;
  }
}
