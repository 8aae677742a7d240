import {
  CONNECTION_MESSAGES,
  PLATFORM_LABELS,
  type PlatformConnection,
  type SpecBuilderPlatform,
} from '@agentcast/contracts/connections';
import { ReconnectNeeded } from '../../../components/connections/reconnect-needed.tsx';
import { ConnectionAccount } from './connection-account.tsx';
import { ConnectionButton, type ConnectionControlProps } from './connection-button.tsx';

const DESCRIPTIONS: Record<SpecBuilderPlatform, string> = {
  instagram: 'Posts and reels on your Instagram professional account.',
  linkedin: 'Posts on your LinkedIn profile.',
  youtube: 'Video uploads to your YouTube channel.',
};

type PlatformCardProps = ConnectionControlProps & { platform: SpecBuilderPlatform; connection?: PlatformConnection };

/** Spec §2: a platform's card with its connect button, or 'Disconnect' once connected. */
export const PlatformCard = ({ platform, connection, ...control }: PlatformCardProps) => (
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
      <p className="mt-3 text-sm">
        <ConnectionAccount connection={connection} />
      </p>
    )}
    <ReconnectNeeded connection={connection} onReconnect={control.onConnect} isReconnecting={control.isConnecting} />
    <div className="mt-4">
      <ConnectionButton
        platform={platform}
        isConnected={Boolean(connection)}
        describedBy={control.isConfigured ? undefined : `${platform}-not-available`}
        {...control}
      />
      {/* End-user words: the settings that would turn the platform on are in the server log and the README. */}
      {!connection && !control.isConfigured && (
        <p id={`${platform}-not-available`} className="mt-2 text-center text-xs text-slate-400">
          {CONNECTION_MESSAGES.notAvailable}
        </p>
      )}
    </div>
  </article>
);
