import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { connectionsRoutes } from '@agentcast/contracts/api/connections-routes';
import type { CredentialConnectInput, OAuthStartInput } from '@agentcast/contracts/connections';
import type { FarcasterSignerStartInput } from '@agentcast/contracts/farcaster-signer';
import { FARCASTER_MESSAGES } from '@agentcast/contracts/farcaster-constants';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { ApiError } from './api-error.ts';
import { callApi } from './call-api.ts';
import { QUERY_KEYS } from './query-keys.ts';

/**
 * Platform connections, shared by the agent builder (the account's own) and the agent forms (an agent's, and the
 * account's as their fallback). Every connection query lives under ['connections'].
 */
export const connectionsQueryOptions = (agentId?: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.connections, agentId ?? 'user'],
    queryFn: ({ signal }) => callApi(connectionsRoutes.list, { query: { agent: agentId }, signal }),
  });

/** The account's own connections (no agentId) or an agent's; none to ask for while the agent is not created yet. */
export const useConnections = (agentId?: string, { enabled = true } = {}) =>
  useQuery({ ...connectionsQueryOptions(agentId), enabled });

/**
 * After a connect or a disconnect: every connection list, and the agents, whose `linkedin_connected` and
 * `x_connected` follow their connections.
 */
export const useRefreshConnections = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.connections });
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents });
  };
};

/**
 * Whether this server has a platform set up (an OAuth app, so a person can connect it): GET /api/connections'
 * `platforms`. Undefined while unknown, and for the Terminal, which needs none.
 */
export const usePlatformSetUp = () => {
  const { data } = useConnections();
  return (platform: string) => data?.platforms.find((entry) => entry.platform === platform)?.configured;
};

/** Disconnects (the server revokes the grant where the provider allows), then refreshes what shows connections. */
export const useDisconnect = () => {
  const refresh = useRefreshConnections();
  return useMutation({
    mutationFn: (connectionId: string) => callApi(connectionsRoutes.remove, { params: { id: connectionId } }),
    onSettled: refresh,
  });
};

/** Connects an account with its own credentials (Bluesky's app password); the server checks them at once. */
export const useConnectWithCredentials = () => {
  const refresh = useRefreshConnections();
  return useMutation({
    mutationFn: (input: CredentialConnectInput) => callApi(connectionsRoutes.connectWithCredentials, { json: input }),
    onSuccess: refresh,
  });
};

/** Asks for a Farcaster key for the person to approve in their app: its link and QR code. */
export const useStartFarcaster = () =>
  useMutation({
    mutationFn: (input: FarcasterSignerStartInput) => callApi(connectionsRoutes.startFarcaster, { json: input }),
  });

/**
 * Where a Farcaster approval stands, asked every FARCASTER_MESSAGES.pollIntervalMs while it waits (the person
 * approves on their phone, so the page cannot be told); it stops once approved or over. A failed ask is retried at
 * the next interval, its message shown meanwhile.
 */
export const useFarcasterApproval = (requestId: string | undefined) =>
  useQuery({
    queryKey: [...QUERY_KEYS.connections, 'farcaster-request', requestId],
    queryFn: ({ signal }) => callApi(connectionsRoutes.checkFarcaster, { params: { requestId: requestId! }, signal }),
    enabled: requestId !== undefined,
    retry: false,
    refetchInterval: (query) =>
      (query.state.data && query.state.data.status !== 'pending') ||
      (query.state.error instanceof ApiError && query.state.error.status === 404)
        ? false
        : FARCASTER_MESSAGES.pollIntervalMs,
  });

/** The provider's authorization URL for the popup, and the state the browser keeps for the round trip. */
export const startOAuth = (input: OAuthStartInput) => callApi(connectionsRoutes.startOAuth, { json: input });

/** Why a post cannot go to a platform: one a person can fix by connecting an account, or one only the operator can. */
export type PlatformProblem = { kind: 'not_connected' | 'not_configured'; text: string };

/**
 * Why a post of this agent cannot go to a platform now, or null when it can: the platform is not set up on this
 * server, or neither the agent nor the account has it connected (publishing uses the agent's account, else the
 * account's own). Undefined while the connections are being read. The Terminal always can.
 */
export const usePlatformProblems = (agentId: string) => {
  const account = useConnections();
  const agent = useConnections(agentId);
  if (!account.data || !agent.data) return undefined;
  const connected = new Set(
    [...account.data.connections, ...agent.data.connections]
      .filter((connection) => !connection.pending)
      .map((connection) => connection.platform as string),
  );
  const configured = new Map(
    account.data.platforms.map(({ platform, configured: isSet }) => [platform as string, isSet]),
  );
  return (platform: string): PlatformProblem | null => {
    if (!configured.has(platform)) return null;
    if (!configured.get(platform))
      return { kind: 'not_configured', text: `${platformName(platform)} is not set up on this server` };
    return connected.has(platform)
      ? null
      : { kind: 'not_connected', text: `${platformName(platform)} is not connected` };
  };
};
