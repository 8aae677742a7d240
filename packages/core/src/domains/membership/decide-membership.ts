import {
  MEMBERSHIP_MESSAGES,
  type MembershipDecisionView,
  type MembershipOutcome,
} from '@agentcast/contracts/membership';
import { findWalletLink } from './find-wallet-link.ts';
import type { MembershipServices } from './membership-services.ts';

export type MembershipDecision = MembershipDecisionView;

/**
 * The gate's decision for an account: gate off, no wallet linked, linked on another chain, the wallet holds no
 * token, or member. Used by every gated API route (through assertMembership) and by the worker before each
 * scheduled post. The on-chain read is cached per address (at most 60 s; `maxAgeMs` asks for a younger one).
 * Throws AppError UPSTREAM_FAILED when the chain cannot be read: the gate fails closed.
 *
 * Every decision is logged with the user, the address and the outcome (denials and fresh reads at info, cached
 * grants at debug). Signatures never reach this function.
 */
export const decideMembership = async (
  services: MembershipServices,
  { userId, maxAgeMs }: { userId: string; maxAgeMs?: number },
): Promise<MembershipDecision> => {
  const { config, db, balances, logger } = services;
  if (!config.enabled)
    return { outcome: 'gate_off', allowed: true, address: null, message: MEMBERSHIP_MESSAGES.gateOff };

  const decided = (
    outcome: MembershipOutcome,
    address: string | null,
    message: string | null,
    fresh = true,
  ): MembershipDecision => {
    const allowed = outcome === 'member';
    logger[allowed && !fresh ? 'debug' : 'info']({ userId, address, outcome, fresh }, 'Membership decision');
    return { outcome, allowed, address, message };
  };

  const link = await findWalletLink(db, { userId });
  if (!link) return decided('no_wallet', null, MEMBERSHIP_MESSAGES.noWallet);
  if (link.chainId !== config.chainId) {
    return decided('wrong_chain', link.address, MEMBERSHIP_MESSAGES.wrongChain(link.chainId, config.chainId));
  }
  try {
    const { balance, fresh } = await balances.balanceOf(link.address, { maxAgeMs });
    return balance > 0n
      ? decided('member', link.address, null, fresh)
      : decided('no_token', link.address, MEMBERSHIP_MESSAGES.noToken(link.address), fresh);
  } catch (error) {
    logger.error(
      { userId, address: link.address, outcome: 'error', reason: (error as Error).message },
      'Membership check failed',
    );
    throw error;
  }
};
