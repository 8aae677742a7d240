import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { AGENT_MESSAGES, type AgentFieldsInput, type Client } from '@agentcast/contracts/agents';
import {
  CONNECTION_MESSAGES,
  isOAuthPlatform,
  POSTING_PLATFORMS,
  type PostingPlatform,
} from '@agentcast/contracts/connections';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';
import { useConnections } from '../../../../api/connections.ts';
import { useAgentConnections, type AgentConnectionsState } from '../../lib/agent-connections-context.ts';
import { useConnectAgentPlatform } from '../../lib/use-connect-agent-platform.ts';

type PlatformNotesProps = {
  name: 'post_configuration.clients' | 'chat_configuration.clients';
  /** Say why X is not ticked when this server has no X app (Post to: a new agent's default is then the terminal). */
  withXNote?: boolean;
};

type Problem = { platform: PostingPlatform; kind: 'not_set_up' | 'not_connected' };

/**
 * Issue 41 §5, no dead ends: beside the platforms ticked, each one no post can reach yet says so — not connected
 * (neither this agent's own account nor the account's from the Agent Builder), with Connect in the OAuth popup, or
 * not set up on this server at all. Nothing inside a form that has no AgentForm around it.
 */
export const PlatformNotes = (props: PlatformNotesProps) => {
  const state = useAgentConnections();
  return state ? <Notes {...props} state={state} /> : null;
};

const Notes = ({ name, withXNote = false, state }: PlatformNotesProps & { state: AgentConnectionsState }) => {
  const chosen = (useWatch<AgentFieldsInput>({ name }) ?? []) as Client[];
  const account = useConnections();
  const own = useConnections(state.agentId, { enabled: state.agentId !== undefined });
  const { connect, connecting } = useConnectAgentPlatform({ agentId: state.agentId, onPending: state.setPending });
  const id = useId();
  if (!account.data || (state.agentId !== undefined && !own.data)) return null;

  const { platforms, connections } = account.data;
  const isSetUp = (platform: PostingPlatform) =>
    platforms.find((entry) => entry.platform === platform)?.configured ?? false;
  const isConnected = (platform: PostingPlatform) =>
    Boolean(state.pending[platform]) ||
    connections.some((connection) => connection.platform === platform) ||
    (own.data?.connections.some((connection) => connection.platform === platform && !connection.pending) ?? false);
  const problems = POSTING_PLATFORMS.filter((platform) => chosen.includes(platform)).flatMap((platform): Problem[] =>
    !isSetUp(platform)
      ? [{ platform, kind: 'not_set_up' }]
      : isConnected(platform)
        ? []
        : [{ platform, kind: 'not_connected' }],
  );
  const showXNote = withXNote && !isSetUp('x') && !chosen.includes('x');
  if (problems.length === 0 && !showXNote) return null;

  return (
    <ul className="mt-3 space-y-2 text-xs" data-testid={`${name}-notes`}>
      {showXNote && <li className="text-slate-300">{AGENT_MESSAGES.xNotSetUp}</li>}
      {problems.map(({ platform, kind }) => (
        <li key={platform} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-amber-200">
          <span id={`${id}-${platform}`}>
            {kind === 'not_set_up'
              ? CONNECTION_MESSAGES.notSetUpForPosts(platform)
              : name === 'chat_configuration.clients'
                ? CONNECTION_MESSAGES.notConnectedForReplies(platform)
                : CONNECTION_MESSAGES.notConnectedForPosts(platform)}
          </span>
          {/* Bluesky connects with its form in the Social Platforms section, not in a popup. */}
          {kind === 'not_connected' && isOAuthPlatform(platform) && (
            <button
              type="button"
              className={buttonClasses('secondary')}
              aria-describedby={`${id}-${platform}`}
              disabled={connecting !== null}
              onClick={() => connect(platform)}
            >
              {connecting === platform ? 'Connecting...' : 'Connect'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
};
