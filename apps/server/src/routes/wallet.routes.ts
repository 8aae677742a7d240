import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { createSiweNonce } from '@agentcast/core/domains/membership/create-siwe-nonce';
import { getWalletStatus } from '@agentcast/core/domains/membership/get-wallet-status';
import { linkWallet } from '@agentcast/core/domains/membership/link-wallet';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { unlinkWallet } from '@agentcast/core/domains/membership/unlink-wallet';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

type WalletRoutesOptions = { session: SessionCheck; membership: MembershipServices; publicUrl: string };

/**
 * The wallet linked to the account (signed in, not gated: this is how one gets through the gate): its status, a
 * single-use SIWE nonce, linking the wallet that signed an EIP-4361 message, and releasing it.
 */
export const createWalletRoutes = ({ session, membership, publicUrl }: WalletRoutesOptions) => {
  const signedIn = [requireSession(session)];
  return createApiRouter()
    .openapi(behind(signedIn, walletRoutes.status), async (c) =>
      c.json(await getWalletStatus(membership, { userId: c.get('user').id, workspaceId: c.get('workspace').id }), 200),
    )
    .openapi(behind(signedIn, walletRoutes.nonce), async (c) =>
      c.json(await createSiweNonce(membership.db, { userId: c.get('user').id }), 201),
    )
    .openapi(behind(signedIn, walletRoutes.link), async (c) => {
      const { message, signature } = c.req.valid('json');
      const userId = c.get('user').id;
      return c.json(
        await linkWallet(membership, { userId, message, signature: signature as `0x${string}`, publicUrl }),
        200,
      );
    })
    .openapi(behind(signedIn, walletRoutes.unlink), async (c) =>
      c.json(await unlinkWallet(membership, { userId: c.get('user').id }), 200),
    );
};
