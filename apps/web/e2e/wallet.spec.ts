import { expect, test, type Page } from '@playwright/test';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { MEMBERSHIP_MESSAGES, SIWE_MESSAGES } from '@agentcast/contracts/membership';
import { METAMASK_INSTALL_URL, shortenAddress, WALLET_ERRORS, WALLET_GATE_TEXTS } from '@agentcast/contracts/wallet';
import { attachMembershipContract } from '@agentcast/test-fakes/chain/membership-contract';
import { mailedLinkFor, signedInUser, signUpInBrowser, uniqueEmail } from './support/accounts.ts';
import { injectTestWallet } from './support/injected-wallet.ts';
import { waitForAppStarted } from './support/app-started.ts';

// These tests run against the second server of the global setup: the membership gate on, over anvil (chain id
// 8453) holding the membership contract. Each test has its own account and its own fresh wallet keys.
const GATED_URL = process.env.E2E_GATED_URL as string;
const RPC_URL = process.env.E2E_CHAIN_RPC_URL as string;
const membership = attachMembershipContract(RPC_URL, process.env.E2E_MEMBERSHIP_CONTRACT as `0x${string}`);
test.use({ baseURL: GATED_URL });
// Sign-up, a wallet prompt or two and the chain's polling: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** Minting is seen by the wallet's next poll (4 s) and then by the server (its read may be up to 5 s old). */
const TOKEN_SEEN_MS = 20_000;

const apiGet = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as unknown };
  }, path);

const connect = (page: Page) => page.getByRole('button', { name: WALLET_GATE_TEXTS.connect }).click();
const dashboard = (page: Page) => page.getByRole('heading', { name: 'My AI Agents' });

test('without the token: the panel, then No NFT Found and Access Denied, and the API answers 403', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
  const wallet = await injectTestWallet(page, { rpcUrl: RPC_URL });
  const [address] = wallet.addresses as [`0x${string}`];

  await page.goto('/');
  await waitForAppStarted(page);
  expect(chunks.filter((path) => path.includes('wallet-gate'))).toEqual([]);

  await signedInUser(page, 'no-token');
  await expect(page.getByRole('list', { name: 'Requirements' })).toHaveText(/MetaMask\s*Base network\s*NFT ownership/);
  await expect(page.getByRole('link', { name: WALLET_GATE_TEXTS.install })).toHaveAttribute(
    'href',
    METAMASK_INSTALL_URL,
  );
  expect(chunks.some((path) => path.includes('wallet-gate'))).toBe(true);

  await connect(page);

  await expect(page.getByTestId('wallet-account')).toHaveText(address);
  await expect(page.getByText(WALLET_GATE_TEXTS.noNft)).toBeVisible();
  await expect(page.getByText(WALLET_GATE_TEXTS.denied)).toBeVisible();
  for (const action of [WALLET_GATE_TEXTS.disconnect, WALLET_GATE_TEXTS.debug, WALLET_GATE_TEXTS.forceReconnect]) {
    await expect(page.getByRole('button', { name: action })).toBeVisible();
  }
  // The wallet was linked to the account with Sign-In with Ethereum.
  expect(await wallet.calls()).toEqual(expect.arrayContaining(['eth_requestAccounts', 'eth_chainId', 'personal_sign']));
  expect(await apiGet(page, '/api/agents')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: MEMBERSHIP_MESSAGES.noToken(address) },
  });
});

test('minting the token opens the dashboard: NFT Verified, Access Granted, the address in the header', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page, { rpcUrl: RPC_URL });
  const [address] = wallet.addresses as [`0x${string}`];
  await signedInUser(page, 'member');
  await connect(page);
  await expect(page.getByText(WALLET_GATE_TEXTS.denied)).toBeVisible();

  await membership.mint(address);

  await expect(dashboard(page)).toBeVisible({ timeout: TOKEN_SEEN_MS });
  const indicator = page.getByTestId('wallet-indicator');
  await expect(indicator).toHaveText(shortenAddress(address));
  await indicator.click();
  await expect(page.getByText(WALLET_GATE_TEXTS.nftVerified)).toBeVisible();
  await expect(page.getByText(WALLET_GATE_TEXTS.granted)).toBeVisible();

  await page.getByRole('button', { name: WALLET_GATE_TEXTS.debug }).click();
  const report = page.getByRole('region', { name: 'NFT check' });
  await expect(report).toContainText(membership.address);
  await expect(report).toContainText(/Balance\s*1/);
  await expect(report).toContainText(/Code at address\s*yes/);
  await expect(report).toContainText(/name\(\)\s*Agentcast Membership/);
  await expect(report).toContainText(/Chain \(wallet\)\s*8453/);

  // The dashboard works, and a reload reconnects without asking again.
  await page.keyboard.press('Escape');
  await expect(page.getByText('No agents created yet')).toBeVisible();
  expect((await apiGet(page, '/api/agents')).status).toBe(200);
  const signaturesBefore = (await wallet.calls()).filter((call) => call === 'personal_sign').length;
  await page.reload();
  await expect(dashboard(page)).toBeVisible();
  await expect(page.getByTestId('wallet-indicator')).toHaveText(shortenAddress(address));
  expect((await wallet.calls()).filter((call) => call === 'personal_sign')).toHaveLength(0);
  expect(signaturesBefore).toBe(1);
});

test('a wallet on another network: Base is requested (and added when unknown); chain changes close and reopen the gate', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page, { rpcUrl: RPC_URL, chainId: 1, knownChains: [1] });
  const [address] = wallet.addresses as [`0x${string}`];
  await membership.mint(address);
  await signedInUser(page, 'switch');

  await connect(page);

  await expect(dashboard(page)).toBeVisible({ timeout: TOKEN_SEEN_MS });
  const calls = await wallet.calls();
  expect(calls.indexOf('wallet_switchEthereumChain')).toBeGreaterThan(-1);
  expect(calls.indexOf('wallet_addEthereumChain')).toBeGreaterThan(calls.indexOf('wallet_switchEthereumChain'));
  expect(await wallet.addedChains()).toEqual([
    {
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [RPC_URL],
      blockExplorerUrls: ['https://basescan.org'],
    },
  ]);

  await wallet.switchChain(1);
  await expect(page.getByText(WALLET_ERRORS.pleaseSwitch)).toBeVisible();
  await expect(page.getByText(WALLET_GATE_TEXTS.noNft)).toBeVisible();
  await expect(page.getByText(WALLET_GATE_TEXTS.denied)).toBeVisible();

  await page.getByRole('button', { name: WALLET_GATE_TEXTS.switchToBase }).click();
  await expect(dashboard(page)).toBeVisible();

  // Back on the wrong network, a reload reconnects there: the check names the network.
  await wallet.switchChain(1);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: WALLET_ERRORS.wrongNetwork(1) })).toBeVisible();
  await page.getByRole('button', { name: WALLET_GATE_TEXTS.switchToBase }).click();
  await expect(dashboard(page)).toBeVisible();
});

test('a refused network switch says so and offers to switch again', async ({ page }) => {
  const wallet = await injectTestWallet(page, {
    rpcUrl: RPC_URL,
    chainId: 1,
    knownChains: [1, 8453],
    rejectSwitch: true,
  });
  await signedInUser(page, 'refuse');

  await connect(page);

  await expect(page.getByRole('alert').filter({ hasText: WALLET_ERRORS.switchFailed })).toBeVisible();
  await expect(page.getByRole('button', { name: WALLET_GATE_TEXTS.switchToBase })).toBeVisible();
  await expect(page.getByText(WALLET_GATE_TEXTS.denied)).toBeVisible();
  expect(await wallet.calls()).not.toContain('wallet_addEthereumChain');
});

test('a wallet that does not know Base and refuses to add it: the add-network message', async ({ page }) => {
  await injectTestWallet(page, { rpcUrl: RPC_URL, chainId: 1, knownChains: [1], rejectAdd: true });
  await signedInUser(page, 'refuse-add');

  await connect(page);

  await expect(page.getByRole('alert').filter({ hasText: WALLET_ERRORS.addNetworkFailed })).toBeVisible();
  await expect(page.getByRole('button', { name: WALLET_GATE_TEXTS.switchToBase })).toBeVisible();
});

test('accounts changed: another account is checked again; no accounts disconnects', async ({ page }) => {
  const wallet = await injectTestWallet(page, { rpcUrl: RPC_URL, accounts: 2 });
  const [holder, other] = wallet.addresses as [`0x${string}`, `0x${string}`];
  await membership.mint(holder);
  await signedInUser(page, 'accounts');
  await connect(page);
  await expect(dashboard(page)).toBeVisible({ timeout: TOKEN_SEEN_MS });

  await wallet.setAccounts([other]);
  await expect(page.getByTestId('wallet-account')).toHaveText(other);
  await expect(page.getByText(WALLET_GATE_TEXTS.noNft)).toBeVisible();
  await expect(page.getByText(WALLET_GATE_TEXTS.denied)).toBeVisible();

  await wallet.setAccounts([]);
  await expect(page.getByRole('button', { name: WALLET_GATE_TEXTS.connect })).toBeVisible();
  await expect(page.getByTestId('wallet-account')).toHaveCount(0);

  await connect(page);
  await expect(page.getByText(WALLET_ERRORS.noAccounts)).toBeVisible();
});

test('Force Reconnect reconnects; Disconnect Wallet disconnects and releases the link on the server', async ({
  page,
}) => {
  const wallet = await injectTestWallet(page, { rpcUrl: RPC_URL });
  const [address] = wallet.addresses as [`0x${string}`];
  await membership.mint(address);
  await signedInUser(page, 'reconnect');
  await connect(page);
  await expect(dashboard(page)).toBeVisible({ timeout: TOKEN_SEEN_MS });

  const before = (await wallet.calls()).length;
  await page.getByTestId('wallet-indicator').click();
  await page.getByRole('button', { name: WALLET_GATE_TEXTS.forceReconnect }).click();
  await expect(dashboard(page)).toBeVisible();
  await expect(page.getByTestId('wallet-indicator')).toHaveText(shortenAddress(address));
  const reconnect = (await wallet.calls()).slice(before);
  expect(reconnect.indexOf('wallet_revokePermissions')).toBeGreaterThan(-1);
  expect(reconnect.indexOf('eth_requestAccounts')).toBeGreaterThan(reconnect.indexOf('wallet_revokePermissions'));

  await page.getByTestId('wallet-indicator').click();
  await page.getByRole('button', { name: WALLET_GATE_TEXTS.disconnect }).click();
  await expect(page.getByRole('button', { name: WALLET_GATE_TEXTS.connect })).toBeVisible();
  await expect
    .poll(() => apiGet(page, '/api/agents'))
    .toEqual({ status: 403, body: { code: 'FORBIDDEN', message: MEMBERSHIP_MESSAGES.noWallet } });
});

test('without MetaMask: the install message', async ({ page }) => {
  await signedInUser(page, 'no-metamask');
  await connect(page);
  await expect(page.getByRole('alert').filter({ hasText: WALLET_ERRORS.notInstalled })).toBeVisible();
  await expect(page.getByRole('link', { name: WALLET_GATE_TEXTS.install })).toHaveAttribute(
    'href',
    METAMASK_INSTALL_URL,
  );
});

test('the server refuses a reused SIWE nonce and a message signed for another domain', async ({ page }) => {
  await signedInUser(page, 'siwe');
  const account = privateKeyToAccount(generatePrivateKey());
  const origin = new URL(GATED_URL);
  const newNonce = () =>
    page.evaluate(async () => {
      const response = await fetch('/api/wallet/nonce', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { nonce: string }).nonce;
    });
  const signed = async (overrides: { domain?: string; uri?: string } = {}) => {
    const message = createSiweMessage({
      address: account.address,
      chainId: 8453,
      domain: origin.host,
      uri: origin.origin,
      nonce: await newNonce(),
      version: '1',
      issuedAt: new Date(),
      ...overrides,
    });
    return { message, signature: await account.signMessage({ message }) };
  };
  const link = (body: { message: string; signature: string }) =>
    page.evaluate(async (payload) => {
      const response = await fetch('/api/wallet/link', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    }, body);

  expect(await link(await signed({ domain: 'agentcast.example.net', uri: 'https://agentcast.example.net' }))).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: SIWE_MESSAGES.wrongDomain(origin.host) },
  });
  const honest = await signed();
  expect((await link(honest)).status).toBe(200);
  expect(await link(honest)).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: SIWE_MESSAGES.nonceInvalid } });
});

test('a member invited by a token holder opens the team’s dashboard without a wallet of their own (issue 36 §6)', async ({
  page,
  browser,
}) => {
  const wallet = await injectTestWallet(page, { rpcUrl: RPC_URL });
  await membership.mint(wallet.addresses[0] as `0x${string}`);
  await signedInUser(page, 'team-holder');
  await connect(page);
  await expect(dashboard(page)).toBeVisible({ timeout: TOKEN_SEEN_MS });

  await page.goto('/settings');
  const members = page.getByRole('region', { name: /^Members of / });
  const invitee = uniqueEmail('walletless');
  await members.getByLabel('E-mail address').fill(invitee);
  await members.getByLabel('Role', { exact: true }).selectOption('editor');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(members.getByRole('list', { name: 'Invitations' })).toContainText(invitee);

  // No wallet at all in their browser: the owner's token opens the team's dashboard, and a note says so.
  const link = await mailedLinkFor(invitee);
  const context = await browser.newContext({ baseURL: GATED_URL });
  const theirs = await context.newPage();
  await theirs.goto(link);
  await expect(theirs.getByRole('heading', { name: /^Join .+'s workspace$/ })).toBeVisible();
  await signUpInBrowser(theirs, invitee, 'a long enough password');
  await theirs.goto(await mailedLinkFor(invitee, 'Verify your email for Agentcast'));
  await expect(theirs).toHaveURL(/\/invitations\//);
  await theirs.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(dashboard(theirs)).toBeVisible();
  await expect(theirs.getByRole('note')).toHaveText(MEMBERSHIP_MESSAGES.team);
  await context.close();
});
