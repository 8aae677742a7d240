import { useConnections } from '../../../api/connections.ts';

/**
 * Whether the agent can post to the platform now (its own connection, or the account's, which publishing falls back
 * to): undefined while that is read, and when not asked (`enabled` false), so that entries which do not need it ask
 * nothing. The account's list is the one the chips read already.
 */
export const useConnectedNow = (agentId: string, platform: string, enabled: boolean): boolean | undefined => {
  const account = useConnections(undefined, { enabled });
  const agent = useConnections(agentId, { enabled });
  if (!enabled || !account.data || !agent.data) return undefined;
  return [...account.data.connections, ...agent.data.connections].some(
    (connection) => !connection.pending && connection.platform === platform,
  );
};
