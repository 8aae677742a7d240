import {
  MEMBERSHIP_MESSAGES,
  type MembershipDecisionView,
  type MembershipOutcome,
} from '@agentcast/contracts/membership';
import { findCoveringOwner } from './find-covering-owner.ts';
import { findWalletLink } from './find-wallet-link.ts';
import type { MembershipServices } from './membership-services.ts';

export type MembershipDecision = MembershipDecisionView;

/**
 * The gate's decision for an account: gate off, no wallet linked, linked on another chain, the wallet holds no
 * token, or member; and, acting in `workspaceId`, a person whose own wallet does not open the gate is let in when
 * one of that workspace's owners holds the token (`team`: the owner's membership covers their team). Used by every gated API route (through assertMembership) and by the worker before each
 * scheduled post. The on-chain read is cached per address (at most 60 s; `maxAgeMs` asks for a younger one).
 * Throws AppError UPSTREAM_FAILED when the chain cannot be read: the gate fails closed.
 *
 * Every decision is logged with the user, the address and the outcome (denials and fresh reads at info, cached
 * grants at debug). Signatures never reach this function.
 */
export const decideMembership = async (
  services: MembershipServices,
  { userId, workspaceId, maxAgeMs }: { userId: string; workspaceId?: string; maxAgeMs?: number },
): Promise<MembershipDecision> => {
  const own = await decideOwnMembership(services, { userId, maxAgeMs });
  if (own.allowed || !workspaceId || own.outcome === 'gate_off') return own;
  try {
    const owner = await findCoveringOwner(services, { workspaceId, exceptUserId: userId, maxAgeMs });
    if (!owner) return own;
    services.logger.info({ userId, workspaceId, ownerId: owner.userId, outcome: 'team' }, 'Membership decision');
    return { outcome: 'team', allowed: true, address: own.address, message: MEMBERSHIP_MESSAGES.team };
  } catch (error) {
    services.logger.error(
      { userId, workspaceId, outcome: 'error', reason: (error as Error).message },
      'Membership check of the workspace’s owners failed',
    );
    throw error;
  }
};

/** The decision for the person's own linked wallet. */
const decideOwnMembership = async (
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
