import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import type { MembershipGateSettings, WalletStatus } from '@agentcast/contracts/membership';
import { deleteWalletLink } from '../api/wallet-link.ts';
import { useWalletStatus, walletStatusQueryOptions } from '../api/wallet-status-query.ts';
import { linkWalletWithSiwe } from './link-wallet-with-siwe.ts';
import type { Wallet } from './use-wallet-state.ts';

/** While the wallet holds a token and the server still says it does not, ask the server again this often. */
const DISAGREEMENT_REFETCH_MS = 5000;

/**
 * The server side of the gate: when a wallet is connected on the gate's chain and is not the account's linked
 * wallet, links it with Sign-In with Ethereum — once per account, then again only when the person asks — and
 * follows the server's decision.
 */
export const useMembershipLink = (wallet: Wallet, gate: MembershipGateSettings) => {
  const config = useConfig();
  const queryClient = useQueryClient();
  const { account, isConnected, hasNFT } = wallet;
  const statusQuery = useWalletStatus({
    refetchInterval: (query) =>
      hasNFT && query.state.data?.membership.outcome === 'no_token' ? DISAGREEMENT_REFETCH_MS : false,
  });
  const status = statusQuery.data;
  const [failure, setFailure] = useState<{ account: string; message: string } | null>(null);
  /** The account last sent to be linked, so a link is tried once per account without asking. */
  const attempted = useRef<string | null>(null);
  const needsLink = Boolean(
    isConnected && account && wallet.chainId === gate.chainId && status && status.link?.address !== account,
  );

  const setStatus = useCallback(
    async (next: WalletStatus) => {
      // A status read that began before this answer (the refetch when the wallet first sees the token) would land
      // after it with the older state — no link — and leave the gate verifying for good: it is cancelled first.
      const { queryKey } = walletStatusQueryOptions();
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, next);
    },
    [queryClient],
  );
  const startLink = useCallback(
    (address: Address) => {
      attempted.current = address;
      return linkWalletWithSiwe(config, { address, chainId: gate.chainId }).then(setStatus, (error: Error) =>
        setFailure({ account: address, message: error.message }),
      );
    },
    [config, gate.chainId, setStatus],
  );

  useEffect(() => {
    if (needsLink && account && attempted.current !== account) void startLink(account);
  }, [needsLink, account, startLink]);

  // A token just seen by the wallet: ask the server for its decision now rather than at the next poll.
  const { refetch } = statusQuery;
  useEffect(() => {
    if (hasNFT) void refetch();
  }, [hasNFT, refetch]);

  const linkError = failure && failure.account === account ? failure.message : null;
  return {
    status,
    isLoading: statusQuery.isPending || (needsLink && !linkError),
    needsLink,
    linkError,
    link: () => {
      if (!account) return;
      setFailure(null);
      void startLink(account);
    },
    /** Disconnect Wallet also releases the link, so the server agrees that no wallet is connected. */
    unlink: async () => {
      attempted.current = null;
      setFailure(null);
      // If this fails the browser side is disconnected anyway, and the next connect replaces the link.
      await deleteWalletLink().then(setStatus, () => undefined);
    },
  };
};
