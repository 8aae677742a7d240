import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import type { WalletLinkInput } from '@agentcast/contracts/wallet-link';
import { callApi } from '../../../api/call-api.ts';

/** A single-use nonce for the next Sign-In with Ethereum message (valid 10 minutes). */
export const requestSiweNonce = () => callApi(walletRoutes.nonce);

/** Links the wallet that signed the message to the signed-in account; answers the new status. */
export const postWalletLink = (input: WalletLinkInput) => callApi(walletRoutes.link, { json: input });

/** Releases the account's wallet (Disconnect Wallet). */
export const deleteWalletLink = () => callApi(walletRoutes.unlink);
