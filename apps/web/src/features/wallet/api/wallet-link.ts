import type { SiweNonce, WalletStatus } from '@agentcast/contracts/membership';
import type { WalletLinkInput } from '@agentcast/contracts/wallet-link';
import { apiRequest } from '../../../lib/api-client.ts';

/** A single-use nonce for the next Sign-In with Ethereum message (valid 10 minutes). */
export const requestSiweNonce = () => apiRequest<SiweNonce>('/api/wallet/nonce', { method: 'POST', body: {} });

/** Links the wallet that signed the message to the signed-in account; answers the new status. */
export const postWalletLink = (input: WalletLinkInput) => apiRequest<WalletStatus>('/api/wallet/link', { method: 'POST', body: input });

/** Releases the account's wallet (Disconnect Wallet). */
export const deleteWalletLink = () => apiRequest<WalletStatus>('/api/wallet/link', { method: 'DELETE' });
