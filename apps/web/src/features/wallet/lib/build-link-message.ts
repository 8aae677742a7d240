import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { SIWE_STATEMENT, type SiweNonce } from '@agentcast/contracts/membership';

/**
 * The EIP-4361 message that links a wallet to the account: this page's host and origin (the server checks them
 * against its public URL), the gate's chain, the server's nonce, and an expiry no later than the nonce's.
 */
export const buildLinkMessage = ({
  address,
  chainId,
  nonce,
  expiresAt,
}: { address: Address; chainId: number } & SiweNonce) =>
  createSiweMessage({
    address,
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt: new Date(),
    expirationTime: new Date(expiresAt),
  });
