import { useState } from 'react';
import { CONNECTION_MESSAGES, type PlatformConnection } from '@agentcast/contracts/connections';
import { BlueskyConnectForm } from '../../../components/connections/bluesky-connect-form.tsx';
import { BlueskyMark } from '../../../components/ui/bluesky-mark.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ReconnectNeeded } from '../../../components/connections/reconnect-needed.tsx';
import { ConnectionAccount } from './connection-account.tsx';

type BlueskyPanelProps = {
  connection?: PlatformConnection;
  isDisconnecting: boolean;
  onDisconnect: () => void;
};

/**
 * Bluesky on the Agent Builder, beside X's panel and outside the spec's three cards and their counter (issue 33): the
 * account the agents post to Bluesky with, Disconnect; or "Connect Bluesky", which opens the handle and app password
 * form in place.
 */
export const BlueskyPanel = ({ connection, isDisconnecting, onDisconnect }: BlueskyPanelProps) => {
  const [isOpen, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="bluesky-title"
      className="rounded-2xl border border-dashed border-sky-400/40 bg-sky-500/5 p-5 sm:p-6"
    >
      <article aria-label="Bluesky" className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            <span
              aria-hidden="true"
              className="grid size-11 shrink-0 place-items-center rounded-xl bg-[#1185fe] text-white"
            >
              <BlueskyMark />
            </span>
            <div className="min-w-0">
              <h2 id="bluesky-title" className="text-lg font-semibold text-white">
                Posting to Bluesky
              </h2>
              <p className="mt-1 text-sm text-slate-300">
                Your agents that post to Bluesky publish through this account, unless an agent connects its own.
              </p>
              <p className="mt-2 text-sm" data-testid="bluesky-connection-state">
                {connection ? (
                  <>
                    <span className="font-medium text-emerald-200">Connected: </span>
                    <ConnectionAccount connection={connection} />
                  </>
                ) : (
                  <span className="text-slate-300">Not connected: agents cannot post to Bluesky yet.</span>
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
                <button type="button" className={buttonClasses('secondary', 'w-full')} onClick={() => setOpen(true)}>
                  {CONNECTION_MESSAGES.connect('bluesky')}
                </button>
              )
            )}
          </div>
        </div>
        {(!connection || connection.reconnect_reason) && isOpen && (
          <BlueskyConnectForm onConnected={() => setOpen(false)} onCancel={() => setOpen(false)} />
        )}
      </article>
    </section>
  );
};
