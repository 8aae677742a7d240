import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '@agentcast/db/client';
import { walletLink } from '@agentcast/db/schema/wallet';

export type WalletLinkRow = { address: Address; chainId: number; verifiedAt: Date };

/** The wallet linked to this account (checksummed address), or null. */
export const findWalletLink = async (db: Database, { userId }: { userId: string }): Promise<WalletLinkRow | null> => {
  const [row] = await db
    .select({ address: walletLink.address, chainId: walletLink.chainId, verifiedAt: walletLink.verifiedAt })
    .from(walletLink)
    .where(eq(walletLink.userId, userId))
    .limit(1);
  if (!row) return null;
  // Loaded on first use (see token-balance-reader.ts); the checksummed form is what wallets show.
  const { getAddress } = await import('viem');
  return { ...row, address: getAddress(row.address) };
};
