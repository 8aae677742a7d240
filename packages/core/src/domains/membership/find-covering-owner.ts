import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { walletLink } from '@agentcast/db/schema/wallet';
import { workspaceMember } from '@agentcast/db/schema/workspaces';
import type { MembershipServices } from './membership-services.ts';

/**
 * An owner of the workspace (other than `exceptUserId`) whose linked wallet holds the membership token on the
 * gate's chain: their membership covers their team (issue 36 §6). Null when none does. Each wallet's read is the
 * gate's cached one; a chain that cannot be read throws, so the gate fails closed.
 */
export const findCoveringOwner = async (
  { db, config, balances }: Pick<MembershipServices, 'db' | 'config' | 'balances'>,
  { workspaceId, exceptUserId, maxAgeMs }: { workspaceId: string; exceptUserId: string; maxAgeMs?: number },
) => {
  const owners = await ownerWallets(db, { workspaceId, exceptUserId, chainId: config.chainId });
  if (owners.length === 0) return null;
  // Loaded on first use, as find-wallet-link.ts does.
  const { getAddress } = await import('viem');
  for (const owner of owners) {
    const { balance } = await balances.balanceOf(getAddress(owner.address), { maxAgeMs });
    if (balance > 0n) return owner;
  }
  return null;
};

const ownerWallets = (
  db: Database,
  { workspaceId, exceptUserId, chainId }: { workspaceId: string; exceptUserId: string; chainId: number },
) =>
  db
    .select({ userId: workspaceMember.userId, address: walletLink.address })
    .from(workspaceMember)
    .innerJoin(walletLink, eq(walletLink.userId, workspaceMember.userId))
    .where(
      and(
        eq(workspaceMember.workspaceId, workspaceId),
        eq(workspaceMember.role, 'owner'),
        ne(workspaceMember.userId, exceptUserId),
        eq(walletLink.chainId, chainId),
      ),
    );
