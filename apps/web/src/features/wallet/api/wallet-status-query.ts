import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import type { WalletStatus } from '@agentcast/contracts/membership';
import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * The gate's settings, the linked wallet and the server's decision (GET /api/wallet). The browser learns the
 * contract, chain and RPC from here, not from build-time constants, so one build serves every deployment.
 */
export const readWalletStatus = ({ signal }: { signal: AbortSignal }) => callApi(walletRoutes.status, { signal });

export const walletStatusQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_KEYS.wallet,
    queryFn: readWalletStatus,
    // Each part of the gate that mounts (the gate, then the header's wallet view) would otherwise ask again for what
    // arrived a moment before. Whatever must be fresh asks explicitly: the link invalidates it, and the gate polls
    // while the wallet and the server disagree (refetchInterval ignores staleTime).
    staleTime: 5_000,
  });

/** `refetchInterval`: e.g. ask again while the wallet and the server disagree (the server's read is ≤ 5 s old). */
export const useWalletStatus = ({
  refetchInterval,
}: {
  refetchInterval?: (query: Query<WalletStatus, Error, WalletStatus, typeof QUERY_KEYS.wallet>) => number | false;
} = {}) => useQuery({ ...walletStatusQueryOptions(), refetchInterval });
