import { Hono } from 'hono';
import { walletLinkInputSchema } from '@agentcast/contracts/wallet-link';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import { AppError } from '@agentcast/core/errors/app-error';
import { createSiweNonce } from '@agentcast/core/membership/create-siwe-nonce';
import { getWalletStatus } from '@agentcast/core/membership/get-wallet-status';
import { linkWallet } from '@agentcast/core/membership/link-wallet';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import { unlinkWallet } from '@agentcast/core/membership/unlink-wallet';
import type { AppEnv } from '../app-env.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

type WalletRoutesOptions = { session: SessionCheck; membership: MembershipServices; publicUrl: string };

/**
 * /api/wallet (signed in, not gated: this is how one gets through the gate):
 *   GET    /        the gate's settings, the linked wallet and the server's decision
 *   POST   /nonce   a single-use SIWE nonce for this account
 *   POST   /link    {message, signature}: links the wallet that signed the EIP-4361 message
 *   DELETE /link    releases the linked wallet
 */
export const createWalletRoutes = ({ session, membership, publicUrl }: WalletRoutesOptions) =>
  new Hono<AppEnv>()
    .use(requireSession(session))
    .get('/', async (c) => c.json(await getWalletStatus(membership, { userId: c.get('user').id })))
    .post('/nonce', async (c) => c.json(await createSiweNonce(membership.db, { userId: c.get('user').id }), 201))
    .post('/link', async (c) => {
      const parsed = walletLinkInputSchema.safeParse((await c.req.json().catch(() => null)) ?? {});
      if (!parsed.success) {
        const fieldErrors = toFieldErrors(parsed.error);
        throw new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
      }
      const { message, signature } = parsed.data;
      return c.json(await linkWallet(membership, { userId: c.get('user').id, message, signature: signature as `0x${string}`, publicUrl }));
    })
    .delete('/link', async (c) => c.json(await unlinkWallet(membership, { userId: c.get('user').id })));
