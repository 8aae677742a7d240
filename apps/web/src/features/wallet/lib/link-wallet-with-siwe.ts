import type { Address } from 'viem';
import type { Config } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import { SIWE_MESSAGES, type WalletStatus } from '@agentcast/contracts/membership';
import { postWalletLink, requestSiweNonce } from '../api/wallet-link.ts';
import { buildLinkMessage } from './build-link-message.ts';

/**
 * Sign-In with Ethereum against our server: a nonce from it, the EIP-4361 message for this page, the wallet's
 * personal_sign, then the server verifies and links. Answers the new status; a refusal throws the server's reason.
 */
export const linkWalletWithSiwe = async (
  config: Config,
  { address, chainId }: { address: Address; chainId: number },
): Promise<WalletStatus> => {
  const message = buildLinkMessage({ address, chainId, ...(await requestSiweNonce()) });
  const signature = await signMessage(config, { account: address, message }).catch(() => {
    throw new Error(SIWE_MESSAGES.signingCancelled);
  });
  return postWalletLink({ message, signature });
};
