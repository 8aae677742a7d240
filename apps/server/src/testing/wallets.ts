import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, type CreateSiweMessageParameters } from 'viem/siwe';
import { SIWE_STATEMENT, type SiweNonce } from '@agentcast/contracts/membership';
import { readJson, type HttpClient } from './http-client.ts';
import type { TestServer } from './start-test-server.ts';

/** A wallet of its own (fresh private key), as a distinct person would hold. */
export const newWallet = () => {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  return { key, account, address: account.address };
};
export type TestWallet = ReturnType<typeof newWallet>;

/**
 * What the web app posts to /api/wallet/link: a nonce from the server, the EIP-4361 message for this server's
 * origin on Base, and the wallet's personal_sign signature. `overrides` change the message (another domain, chain…).
 */
export const signedLink = async (
  browser: HttpClient,
  server: Pick<TestServer, 'url'>,
  wallet: TestWallet,
  overrides: Partial<CreateSiweMessageParameters> = {},
) => {
  const { nonce } = (await readJson(await browser.post('/api/wallet/nonce'))) as SiweNonce;
  const origin = new URL(server.url);
  const message = createSiweMessage({
    address: wallet.address,
    chainId: 8453,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 5 * 60_000),
    ...overrides,
  });
  return { message, signature: await wallet.account.signMessage({ message }) };
};

/** Links the wallet to the browser's account, or throws with the server's answer. */
export const linkWallet = async (browser: HttpClient, server: Pick<TestServer, 'url'>, wallet: TestWallet) => {
  const response = await browser.post('/api/wallet/link', await signedLink(browser, server, wallet));
  if (!response.ok) throw new Error(`linking failed: ${response.status} ${await response.text()}`);
  return readJson(response);
};
