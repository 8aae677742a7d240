/**
 * The browser wallet (spec §2 "Wallet gate", §3 "Wallet state", §4 "Wallet", §8 wallet errors, §9 chain constants):
 * every text word for word, shared by the web app and the tests.
 */

/** Spec §9: Base, chain id 8453 (0x2105), currency ETH with 18 decimals. */
export const BASE_CHAIN = {
  id: 8453,
  hexId: '0x2105',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorerUrl: 'https://basescan.org',
} as const;

/** Spec §8, wallet errors, word for word. Templates take the values the spec shows in braces. */
export const WALLET_ERRORS = {
  notInstalled: 'MetaMask is not installed. Please install MetaMask to continue.',
  noAccounts: 'No accounts found',
  connectFailed: 'Failed to connect wallet',
  checkNetworkFailed: 'Failed to check network',
  addNetworkFailed: 'Failed to add Base network to MetaMask',
  switchFailed: 'Failed to switch to Base network',
  providerUnavailable: 'Wallet provider not available',
  noAccountProvided: 'No user account provided',
  wrongNetwork: (current: number | string, expected: number = BASE_CHAIN.id) =>
    `Wrong network. Please switch to Base (Chain ID: ${expected}). Current: ${current}`,
  verifyFailed: (message: string) => `Failed to verify NFT ownership: ${message}`,
  pleaseSwitch: 'Please switch to Base network',
} as const;

/** Spec §8: "if the text mentions the Base network a switch button is offered". */
export const mentionsBaseNetwork = (text: string) => /\bBase\b/.test(text) && /network/i.test(text);

/** Spec §2, the wallet gate's texts. */
export const WALLET_GATE_TEXTS = {
  verifying: 'Verifying Access...',
  connect: 'Connect Wallet',
  requirements: ['MetaMask', 'Base network', 'NFT ownership'],
  install: 'Install MetaMask',
  nftVerified: 'NFT Verified',
  noNft: 'No NFT Found',
  granted: 'Access Granted',
  denied: 'Access Denied',
  disconnect: 'Disconnect Wallet',
  debug: 'Debug NFT Check',
  forceReconnect: 'Force Reconnect',
  switchToBase: 'Switch to Base Network',
} as const;

/** Our own texts around the spec's (the spec gives no wording for them). */
export const WALLET_PANEL_TEXTS = {
  title: 'Members only',
  intro: 'The dashboard and the agent builder are for holders of the membership NFT. Connect the wallet that holds it.',
  requirementsLabel: 'You need',
  installPrompt: 'No MetaMask yet?',
  linkAgain: 'Sign Message to Link Wallet',
  linkExplainer:
    'Your wallet asks you to sign a message once: it proves the wallet is yours and links it to this account. It costs nothing.',
  walletMenu: 'Wallet',
} as const;

export const METAMASK_INSTALL_URL = 'https://metamask.io/download/';

/** Spec §4: a forced reconnect disconnects, waits this long, then connects. */
export const FORCE_RECONNECT_DELAY_MS = 100;

/**
 * Spec §9: the chain library's settings (ethers' defaults in the original): poll every 4000 ms, JSON-RPC batches
 * of at most 100 calls, answers cached for 250 ms.
 */
export const CHAIN_CLIENT_SETTINGS = { pollingIntervalMs: 4000, batchSize: 100, cacheTimeMs: 250 } as const;

/** Spec §9: an address is shown as its first 6 and last 4 characters. */
export const shortenAddress = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
