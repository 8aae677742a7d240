import {
  CONNECTION_MESSAGES,
  PLATFORM_LABELS,
  type ConnectablePlatform,
  type PlatformConnection,
} from '@agentcast/contracts/connections';
import { buttonClasses } from '../../../components/ui/button-classes.ts';

const DESCRIPTIONS: Record<ConnectablePlatform, string> = {
  instagram: 'Posts and reels on your Instagram professional account.',
  linkedin: 'Posts on your LinkedIn profile.',
  youtube: 'Video uploads to your YouTube channel.',
  x: 'Posts with media on your X account.',
};

type PlatformCardProps = {
  platform: ConnectablePlatform;
  connection?: PlatformConnection;
  isConfigured: boolean;
  isConnecting: boolean;
  isDisconnecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
};

/** Spec §2: a platform's card with its connect button, or 'Disconnect' once connected. */
export const PlatformCard = ({
  platform,
  connection,
  isConfigured,
  isConnecting,
  isDisconnecting,
  onConnect,
  onDisconnect,
}: PlatformCardProps) => (
  <article
    aria-label={PLATFORM_LABELS[platform]}
    className="flex flex-col rounded-2xl border border-ink-700 bg-ink-800/50 p-5"
  >
    <div className="flex items-center justify-between gap-3">
      <h3 className="text-lg font-semibold text-white">{PLATFORM_LABELS[platform]}</h3>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs ${connection ? 'bg-emerald-500/15 text-emerald-200' : 'bg-ink-700 text-slate-300'}`}
      >
        {connection ? 'Connected' : 'Not connected'}
      </span>
    </div>
    <p className="mt-2 flex-1 text-sm text-slate-400">{DESCRIPTIONS[platform]}</p>
    {connection && (
      <p className="mt-3 text-sm text-slate-200">
        {connection.display_name}
        {connection.handle && connection.handle !== connection.display_name && (
          <span className="text-slate-400"> · {connection.handle}</span>
        )}
      </p>
    )}
    <div className="mt-4">
      {connection ? (
        <button
          type="button"
          className={buttonClasses('danger', 'w-full')}
          onClick={onDisconnect}
          disabled={isDisconnecting}
        >
          {isDisconnecting ? 'Disconnecting...' : CONNECTION_MESSAGES.disconnect}
        </button>
      ) : (
        <>
          <button
            type="button"
            className={buttonClasses('primary', 'w-full')}
            onClick={onConnect}
            disabled={!isConfigured || isConnecting}
          >
            {isConnecting ? 'Connecting...' : CONNECTION_MESSAGES.connect(platform)}
          </button>
          {!isConfigured && (
            <p className="mt-2 text-xs text-amber-200">{CONNECTION_MESSAGES.notConfigured(platform)}</p>
          )}
        </>
      )}
    </div>
  </article>
);
