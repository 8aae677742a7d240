import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import type { WalletStatus } from '@agentcast/contracts/membership';
import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { callApi } from '../../../api/call-api.ts';

/**
 * The gate's settings, the linked wallet and the server's decision (GET /api/wallet). The browser learns the
 * contract, chain and RPC from here, not from build-time constants, so one build serves every deployment.
 */
export const walletStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => callApi(walletRoutes.status, { signal }),
    staleTime: 0,
  });

/** `refetchInterval`: e.g. ask again while the wallet and the server disagree (the server's read is ≤ 5 s old). */
export const useWalletStatus = ({
  refetchInterval,
}: { refetchInterval?: (query: Query<WalletStatus, Error, WalletStatus, string[]>) => number | false } = {}) =>
  useQuery({ ...walletStatusQueryOptions(), refetchInterval });
