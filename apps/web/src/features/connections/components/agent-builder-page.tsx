import { Link } from 'react-router';
import {
  CONNECTION_MESSAGES,
  OPEN_NETWORK_PLATFORMS,
  POSTING_PLATFORMS,
  SPEC_BUILDER_PLATFORMS,
  type ConnectablePlatform,
  type OAuthPlatform,
  type PlatformConnection,
  type PostingPlatform,
} from '@agentcast/contracts/connections';
import { PATHS } from '@agentcast/contracts/paths';
import { AGENT_TIMINGS } from '@agentcast/contracts/agents';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useConnections, useDisconnect, useRefreshConnections } from '../../../api/connections.ts';
import { useOAuthPopup } from '../../../lib/oauth/use-oauth-popup.ts';
import { PlatformCard } from './platform-card.tsx';
import { LAUNCH_HELP, SetupGuide } from './setup-guide.tsx';
import { OpenNetworkPanel } from './open-network-panel.tsx';
import { CredentialConnectForm } from '../../../components/connections/credential-connect-form.tsx';
import { InstanceConnectForm } from '../../../components/connections/instance-connect-form.tsx';
import { FarcasterConnectFlow } from '../../../components/connections/farcaster-connect-flow.tsx';
import { OAuthAppPanel } from './oauth-app-panel.tsx';

/**
 * Spec §2, the agent builder: the user's own platform connections (every agent of theirs that has none of its own
 * posts through them). The spec's three cards and counter, X in a panel of its own look below them (the counter
 * counts what it shows beside it: three cards), and 'Launch AI Agent' once one of the three is connected, as the spec
 * says; it opens the Create Agent form with the connected platforms, X's included, chosen (the guide's third step).
 */
export const AgentBuilderPage = ({ onLaunch }: { onLaunch: (clients: PostingPlatform[]) => void }) => {
  const connections = useConnections();
  const disconnect = useDisconnect();
  const timedNotice = useTimedNotice();
  const popup = useOAuthPopup({ onSettled: useRefreshConnections() });

  const connectionOf = (platform: ConnectablePlatform): PlatformConnection | undefined =>
    connections.data?.connections.find((connection) => connection.platform === platform);
  const connectedCount = SPEC_BUILDER_PLATFORMS.filter((platform) => connectionOf(platform)).length;

  const isConfigured = (platform: ConnectablePlatform) =>
    connections.data?.platforms.find((entry) => entry.platform === platform)?.configured ?? false;

  // Disconnect, with its timed notice: every card and panel's.
  const disconnectOf = (platform: ConnectablePlatform, connection: PlatformConnection | undefined) => () =>
    connection &&
    disconnect.mutate(connection.id, {
      onSuccess: () =>
        timedNotice.show('success', CONNECTION_MESSAGES.disconnected(platform), AGENT_TIMINGS.deleteSuccessBanner),
      onError: (error) =>
        timedNotice.show(
          'error',
          CONNECTION_MESSAGES.disconnectFailed(platform, error.message),
          AGENT_TIMINGS.errorBanner,
        ),
    });

  // What a card and the X panel share: the connect popup, and Disconnect.
  const controls = (platform: OAuthPlatform) => {
    const connection = connectionOf(platform);
    return {
      connection,
      isConfigured: isConfigured(platform),
      isConnecting: popup.connecting === platform,
      isDisconnecting: disconnect.isPending && disconnect.variables === connection?.id,
      onConnect: () => void popup.connect(platform, { action: 'agent_builder' }),
      onDisconnect: disconnectOf(platform, connection),
    };
  };

  return (
    <main className="mx-auto max-w-5xl space-y-8 px-5 py-10">
      <nav aria-label="Back" className="flex flex-wrap gap-3">
        <Link to={PATHS.home} reloadDocument className={buttonClasses('secondary')}>
          ← {CONNECTION_MESSAGES.backToHome}
        </Link>
        <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
          ← Back to dashboard
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-white">Agent Builder</h1>
        <p className="text-slate-300">Connect the accounts your AI agents will post to, then launch an agent.</p>
      </header>
      {timedNotice.notice && (
        <Notice tone={timedNotice.notice.tone} onDismiss={timedNotice.clear}>
          {timedNotice.notice.text}
        </Notice>
      )}
      {connections.isPending && <p className="text-slate-400">Loading your connections...</p>}
      {connections.isError && (
        <Notice tone="error">{`Failed to load your connections: ${connections.error.message}`}</Notice>
      )}
      {connections.data && (
        <>
          <section aria-labelledby="platforms-title" className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="platforms-title" className="text-xl font-semibold text-white">
                Platforms
              </h2>
              <p className="rounded-full bg-ink-800 px-3 py-1 text-sm text-slate-200" aria-live="polite">
                {CONNECTION_MESSAGES.counter(connectedCount)}
              </p>
            </div>
            <div className="grid gap-4 md:grid-cols-3">
              {SPEC_BUILDER_PLATFORMS.map((platform) => (
                <PlatformCard key={platform} platform={platform} {...controls(platform)} />
              ))}
            </div>
          </section>
          <OAuthAppPanel platform="x" {...controls('x')} />
          <OAuthAppPanel platform="threads" {...controls('threads')} />
          <OAuthAppPanel platform="facebook" {...controls('facebook')} />
          <OAuthAppPanel
            platform="tiktok"
            postsPrivate={connections.data.platforms.some(
              (entry) => entry.platform === 'tiktok' && entry.posts_private,
            )}
            {...controls('tiktok')}
          />
          {OPEN_NETWORK_PLATFORMS.map((platform) => (
            <OpenNetworkPanel
              key={platform}
              platform={platform}
              connection={connectionOf(platform)}
              isDisconnecting={disconnect.isPending && disconnect.variables === connectionOf(platform)?.id}
              onDisconnect={disconnectOf(platform, connectionOf(platform))}
              isConfigured={isConfigured(platform)}
              renderConnect={(close) =>
                platform === 'farcaster' ? (
                  <FarcasterConnectFlow onConnected={close} onCancel={close} />
                ) : platform === 'mastodon' ? (
                  <InstanceConnectForm
                    isConnecting={popup.connecting === platform}
                    onConnect={(instance, onStartError) =>
                      void popup.connect(platform, { action: 'agent_builder', instance, onStartError })
                    }
                    onCancel={close}
                  />
                ) : (
                  <CredentialConnectForm platform={platform} onConnected={close} onCancel={close} />
                )
              }
            />
          ))}
          {connectedCount > 0 ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
              <button
                type="button"
                className={buttonClasses('primary', 'px-8 py-3 text-base')}
                aria-describedby="launch-help"
                onClick={() => onLaunch(POSTING_PLATFORMS.filter((platform) => connectionOf(platform)))}
              >
                {CONNECTION_MESSAGES.launchAgent}
              </button>
              <p id="launch-help" className="text-sm text-slate-400">
                {LAUNCH_HELP}
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-400">
              Connect Instagram, LinkedIn or YouTube above and {CONNECTION_MESSAGES.launchAgent} appears here.
            </p>
          )}
        </>
      )}
      <SetupGuide />
    </main>
  );
};
