import { eq } from 'drizzle-orm';
import type { WalletStatus } from '@agentcast/contracts/membership';
import { walletLink } from '@agentcast/db/schema/wallet';
import { getWalletStatus } from './get-wallet-status.ts';
import type { MembershipServices } from './membership-services.ts';

/** Releases the account's wallet (Disconnect Wallet): the address may then be linked to another account. */
export const unlinkWallet = async (
  services: MembershipServices,
  { userId }: { userId: string },
): Promise<WalletStatus> => {
  const [removed] = await services.db
    .delete(walletLink)
    .where(eq(walletLink.userId, userId))
    .returning({ address: walletLink.address });
  if (removed) services.logger.info({ userId, address: removed.address }, 'Wallet unlinked');
  return getWalletStatus(services, { userId });
};
