import { useState } from 'react';
import {
  CONNECTION_MESSAGES,
  isOAuthPlatform,
  needsInstance,
  PLATFORM_LABELS,
  type PlatformConnection,
  type PostingPlatform,
} from '@agentcast/contracts/connections';
import { AGENT_TIMINGS } from '@agentcast/contracts/agents';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useConnections, useDisconnect } from '../../../api/connections.ts';
import { CredentialConnectForm } from '../../../components/connections/credential-connect-form.tsx';
import { InstanceConnectForm } from '../../../components/connections/instance-connect-form.tsx';
import { FarcasterConnectFlow } from '../../../components/connections/farcaster-connect-flow.tsx';
import { ReconnectNeeded } from '../../../components/connections/reconnect-needed.tsx';
import { useConnectAgentPlatform } from '../lib/use-connect-agent-platform.ts';

type PlatformConnectionFieldProps = {
  platform: PostingPlatform;
  /** The agent being edited; absent in the Create Agent form. */
  agentId?: string;
  /** Create Agent: the connection made for the agent-to-be, given to it when it is created. */
  pending?: PlatformConnection;
  onPendingChange?: (connection: PlatformConnection | undefined) => void;
};

const describe = (connection: PlatformConnection) =>
  connection.handle && connection.platform === 'x' ? `@${connection.handle}` : connection.display_name;

/**
 * Spec §2/§4: LinkedIn (and X) connect and disconnect in the agent forms, by a real OAuth exchange; the open networks
 * of issue 33 with a form in place: Bluesky's handle and app password, a bot or a webhook, or the Mastodon instance
 * the popup opens on. The account belongs to this agent; without one the agent posts through the user's Agent Builder account, which is shown.
 */
export const PlatformConnectionField = ({
  platform,
  agentId,
  pending,
  onPendingChange,
}: PlatformConnectionFieldProps) => {
  const label = PLATFORM_LABELS[platform];
  const [isFormOpen, setFormOpen] = useState(false);
  const user = useConnections();
  const agent = useConnections(agentId, { enabled: agentId !== undefined });
  const remove = useDisconnect();
  const timedNotice = useTimedNotice();
  const popup = useConnectAgentPlatform({
    agentId,
    onPending: (_platform, connection) => onPendingChange?.(connection),
  });

  // Straight to the popup, or a form first: credentials, or the instance to connect on.
  const opensForm = !isOAuthPlatform(platform) || needsInstance(platform);
  const connect = () => (opensForm ? setFormOpen(true) : isOAuthPlatform(platform) && popup.connect(platform));
  const own = agentId ? agent.data?.connections.find((connection) => connection.platform === platform) : pending;
  const fallback = user.data?.connections.find((connection) => connection.platform === platform);
  const isConfigured = user.data?.platforms.find((entry) => entry.platform === platform)?.configured ?? true;

  const disconnect = (connection: PlatformConnection) =>
    remove.mutate(connection.id, {
      onSuccess: () => {
        if (!agentId) onPendingChange?.(undefined);
        timedNotice.show('success', CONNECTION_MESSAGES.disconnected(platform), AGENT_TIMINGS.deleteSuccessBanner);
      },
      onError: (error) =>
        timedNotice.show(
          'error',
          CONNECTION_MESSAGES.disconnectFailed(platform, error.message),
          AGENT_TIMINGS.errorBanner,
        ),
    });

  return (
    <div
      className="space-y-2 rounded-xl border border-ink-700 px-4 py-3"
      role="group"
      aria-label={`${label} connection`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-200">{label}</p>
          <p className="text-xs text-slate-400">
            {own
              ? CONNECTION_MESSAGES.connectedAs(platform, describe(own))
              : fallback
                ? `Not connected to this agent: it uses ${describe(fallback)}, your Agent Builder account`
                : 'Not connected'}
          </p>
        </div>
        {own ? (
          <button
            type="button"
            className={buttonClasses('danger')}
            disabled={remove.isPending}
            onClick={() => disconnect(own)}
          >
            {remove.isPending ? 'Disconnecting...' : CONNECTION_MESSAGES.disconnect}
          </button>
        ) : (
          <button
            type="button"
            className={buttonClasses('secondary')}
            disabled={!isConfigured || popup.connecting !== null}
            onClick={connect}
            hidden={isFormOpen}
          >
            {popup.connecting ? 'Connecting...' : CONNECTION_MESSAGES.connect(platform)}
          </button>
        )}
      </div>
      {!isFormOpen && (
        <ReconnectNeeded
          connection={own ?? fallback}
          onReconnect={connect}
          isReconnecting={popup.connecting !== null}
        />
      )}
      {(!own || own.reconnect_reason) && isFormOpen && isOAuthPlatform(platform) && (
        <InstanceConnectForm
          isConnecting={popup.connecting !== null}
          onConnect={(instance, onStartError) => popup.connect(platform, { instance, onStartError })}
          onCancel={() => setFormOpen(false)}
        />
      )}
      {(!own || own.reconnect_reason) && isFormOpen && platform === 'farcaster' && (
        <FarcasterConnectFlow
          agentId={agentId}
          newAgent={!agentId}
          onConnected={(connection) => {
            setFormOpen(false);
            if (!agentId) onPendingChange?.(connection);
          }}
          onCancel={() => setFormOpen(false)}
        />
      )}
      {(!own || own.reconnect_reason) && isFormOpen && !isOAuthPlatform(platform) && platform !== 'farcaster' && (
        <CredentialConnectForm
          platform={platform}
          agentId={agentId}
          newAgent={!agentId}
          onConnected={(connection) => {
            setFormOpen(false);
            if (!agentId) onPendingChange?.(connection);
          }}
          onCancel={() => setFormOpen(false)}
        />
      )}
      {!isConfigured && <p className="text-xs text-amber-200">{CONNECTION_MESSAGES.notConfigured(platform)}</p>}
      {timedNotice.notice && <Notice tone={timedNotice.notice.tone}>{timedNotice.notice.text}</Notice>}
    </div>
  );
};
