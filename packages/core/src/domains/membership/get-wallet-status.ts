import type { MembershipDecisionView, WalletStatus } from '@agentcast/contracts/membership';
import { AppError } from '../../kernel/app-error.ts';
import { decideMembership } from './decide-membership.ts';
import { findWalletLink } from './find-wallet-link.ts';
import type { MembershipServices } from './membership-services.ts';

/**
 * The gate page's read: its settings, the linked wallet and the decision. The balance read may be at most 5 s
 * old here (not the 60 s of the API gate), so a token that just arrived opens the dashboard at once, while
 * reloading the page cannot make the server hammer the RPC.
 */
const STATUS_MAX_AGE_MS = 5000;

export const getWalletStatus = async (
  services: MembershipServices,
  { userId, workspaceId }: { userId: string; workspaceId?: string },
): Promise<WalletStatus> => {
  const { config, db } = services;
  const link = await findWalletLink(db, { userId });
  // A chain that cannot be read keeps the gate closed, but the page still learns the settings and the link.
  const membership = await decideMembership(services, { userId, workspaceId, maxAgeMs: STATUS_MAX_AGE_MS }).catch(
    (error: unknown): MembershipDecisionView => {
      if (!(error instanceof AppError) || error.code !== 'UPSTREAM_FAILED') throw error;
      return { outcome: 'unavailable', allowed: false, address: link?.address ?? null, message: error.message };
    },
  );
  return {
    gate: {
      enabled: config.enabled,
      contract: config.contract ?? null,
      chainId: config.chainId,
      rpcUrl: config.rpcUrl,
    },
    link: link && { address: link.address, chainId: link.chainId, verifiedAt: link.verifiedAt.toISOString() },
    membership,
  };
};
