import { numberToHex, type EIP1193Provider } from 'viem';
import { BASE_CHAIN, WALLET_ERRORS } from '@agentcast/contracts/wallet';

/** A wallet failure whose message is one of spec §8's texts, shown as is. */
export class WalletError extends Error {}

/** EIP-1193 / MetaMask: the wallet does not know this chain. */
const UNRECOGNIZED_CHAIN = 4902;

const codeOf = (error: unknown) => {
  const { code, data } = (error ?? {}) as { code?: number; data?: { originalError?: { code?: number } } };
  // MetaMask Mobile wraps the code.
  return code ?? data?.originalError?.code;
};

/**
 * Spec §4 step 2: asks the wallet to switch to Base; when it does not know the chain (4902), asks it to add Base
 * (which also switches). The wallet then emits chainChanged, which the wallet state reacts to.
 */
export const requestBaseNetwork = async (
  provider: EIP1193Provider,
  { chainId, rpcUrl }: { chainId: number; rpcUrl: string },
) => {
  const hexChainId = numberToHex(chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexChainId }] });
  } catch (error) {
    if (codeOf(error) !== UNRECOGNIZED_CHAIN) throw new WalletError(WALLET_ERRORS.switchFailed);
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: hexChainId,
            chainName: BASE_CHAIN.name,
            nativeCurrency: BASE_CHAIN.nativeCurrency,
            rpcUrls: [rpcUrl],
            blockExplorerUrls: [BASE_CHAIN.blockExplorerUrl],
          },
        ],
      });
    } catch {
      throw new WalletError(WALLET_ERRORS.addNetworkFailed);
    }
  }
};
