import { useState, type ComponentType, type ReactNode } from 'react';
import {
  CONNECTION_MESSAGES,
  PLATFORM_LABELS,
  type OpenNetworkPlatform,
  type PlatformConnection,
} from '@agentcast/contracts/connections';
import { ReconnectNeeded } from '../../../components/connections/reconnect-needed.tsx';
import { BlueskyMark } from '../../../components/marks/bluesky-mark.tsx';
import { DiscordMark } from '../../../components/marks/discord-mark.tsx';
import { FarcasterMark } from '../../../components/marks/farcaster-mark.tsx';
import { MastodonMark } from '../../../components/marks/mastodon-mark.tsx';
import { TelegramMark } from '../../../components/marks/telegram-mark.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ConnectionAccount } from './connection-account.tsx';

/** How each panel looks and what it says the connection is for. */
const LOOKS: Record<OpenNetworkPlatform, { Mark: ComponentType; badge: string; purpose: string }> = {
  bluesky: {
    Mark: BlueskyMark,
    badge: 'bg-[#1185fe]',
    purpose: 'Your agents that post to Bluesky publish through this account, unless an agent connects its own.',
  },
  telegram: {
    Mark: TelegramMark,
    badge: 'bg-[#229ED9]',
    purpose:
      'Your agents that post to Telegram publish in this channel or group through your bot, unless an agent connects its own.',
  },
  discord: {
    Mark: DiscordMark,
    badge: 'bg-[#5865F2]',
    purpose:
      'Your agents that post to Discord publish in this channel through its webhook, unless an agent connects its own.',
  },
  mastodon: {
    Mark: MastodonMark,
    badge: 'bg-[#6364FF]',
    purpose: 'Your agents that post to Mastodon publish through this account, unless an agent connects its own.',
  },
  farcaster: {
    Mark: FarcasterMark,
    badge: 'bg-[#8A63D2]',
    purpose: 'Your agents that post to Farcaster cast as this account, unless an agent connects its own.',
  },
};

type OpenNetworkPanelProps = {
  platform: OpenNetworkPlatform;
  connection?: PlatformConnection;
  isDisconnecting: boolean;
  onDisconnect: () => void;
  /** False where the operator must set the network up first (Farcaster without a Neynar key). */
  isConfigured: boolean;
  /** How this network connects, opened in place: its credentials' form, or the instance to open the popup on. */
  renderConnect: (close: () => void) => ReactNode;
};

/**
 * An open network (Bluesky, Mastodon, Telegram, Discord, Farcaster) on the Agent Builder, beside X's panel and outside the
 * spec's three cards and their counter (issue 33): the account, channel or webhook the agents post with,
 * Disconnect; or "Connect …", which opens its form in place.
 */
export const OpenNetworkPanel = ({
  platform,
  connection,
  isDisconnecting,
  onDisconnect,
  isConfigured,
  renderConnect,
}: OpenNetworkPanelProps) => {
  const [isOpen, setOpen] = useState(false);
  const { Mark, badge, purpose } = LOOKS[platform];
  const name = PLATFORM_LABELS[platform];
  return (
    <section
      aria-labelledby={`${platform}-title`}
      className="rounded-2xl border border-dashed border-sky-400/40 bg-sky-500/5 p-5 sm:p-6"
    >
      <article aria-label={name} className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            <span
              aria-hidden="true"
              className={`grid size-11 shrink-0 place-items-center rounded-xl text-white ${badge}`}
            >
              <Mark />
            </span>
            <div className="min-w-0">
              <h2 id={`${platform}-title`} className="text-lg font-semibold text-white">
                Posting to {name}
              </h2>
              <p className="mt-1 text-sm text-slate-300">{purpose}</p>
              <p className="mt-2 text-sm" data-testid={`${platform}-connection-state`}>
                {connection ? (
                  <>
                    <span className="font-medium text-emerald-200">Connected: </span>
                    <ConnectionAccount connection={connection} />
                  </>
                ) : isConfigured ? (
                  <span className="text-slate-300">Not connected: agents cannot post to {name} yet.</span>
                ) : (
                  <span className="text-amber-200">{CONNECTION_MESSAGES.notConfigured(platform)}</span>
                )}
              </p>
              {!isOpen && <ReconnectNeeded connection={connection} onReconnect={() => setOpen(true)} />}
            </div>
          </div>
          <div className="shrink-0 sm:w-44">
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
              !isOpen && (
                <button
                  type="button"
                  className={buttonClasses('secondary', 'w-full')}
                  onClick={() => setOpen(true)}
                  disabled={!isConfigured}
                >
                  {CONNECTION_MESSAGES.connect(platform)}
                </button>
              )
            )}
          </div>
        </div>
        {(!connection || connection.reconnect_reason) && isOpen && renderConnect(() => setOpen(false))}
      </article>
    </section>
  );
};
