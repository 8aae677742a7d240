import { CONNECTION_MESSAGES, type PlatformConnection } from '@agentcast/contracts/connections';
import { ReconnectNeeded } from '../../../components/connections/reconnect-needed.tsx';
import { ConnectionAccount } from './connection-account.tsx';
import { ConnectionButton, type ConnectionControlProps } from './connection-button.tsx';

type XPostingPanelProps = ConnectionControlProps & { connection?: PlatformConnection };

/**
 * X is not one of the spec's three cards (and not in its counter), so it is a wide panel of another look, not a
 * fourth card: it says which account the agents post to X with, with Connect / Disconnect — or, on a server without
 * an X app, that its operator has not set X up. It is where the Terminal's "Connect X" leads. The inner article
 * keeps the name "X" for tests.
 */
export const XPostingPanel = ({ connection, ...control }: XPostingPanelProps) => (
  <section
    aria-labelledby="posting-title"
    className="rounded-2xl border border-dashed border-sky-400/40 bg-sky-500/5 p-5 sm:p-6"
  >
    <article aria-label="X" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-black text-xl font-bold text-white ring-1 ring-slate-600"
        >
          X
        </span>
        <div className="min-w-0">
          <h2 id="posting-title" className="text-lg font-semibold text-white">
            Posting to X
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            Your agents that post to X (Twitter) publish through this account, unless an agent connects its own.
          </p>
          <p className="mt-2 text-sm" data-testid="x-connection-state">
            {connection ? (
              <>
                <span className="font-medium text-emerald-200">Connected: </span>
                <ConnectionAccount connection={connection} />
              </>
            ) : (
              <span className="text-slate-300">
                {control.isConfigured
                  ? 'Not connected: agents cannot post to X yet.'
                  : CONNECTION_MESSAGES.operatorHasNotSetUp('x')}
              </span>
            )}
          </p>
          <ReconnectNeeded
            connection={connection}
            onReconnect={control.onConnect}
            isReconnecting={control.isConnecting}
          />
        </div>
      </div>
      {/* Nobody can connect X on a server without an X app: no button that can never work. */}
      {(connection || control.isConfigured) && (
        <div className="shrink-0 sm:w-44">
          <ConnectionButton platform="x" isConnected={Boolean(connection)} connectVariant="secondary" {...control} />
        </div>
      )}
    </article>
  </section>
);
