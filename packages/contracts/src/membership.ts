import { shortenAddress } from './wallet.ts';

/**
 * The server's membership gate (design §5.1): a wallet linked to the account with Sign-In with Ethereum, holding
 * the membership token on the configured chain. Shared by the API, the worker and the web app. No zod here: the
 * gate's first chunk imports these texts, and the link's schema lives in wallet-link.ts.
 */

/**
 * What the server decided for an account, in the order it checks. `team`: the person's own wallet does not open the
 * gate, but they act in a workspace one of whose owners holds the token, which covers the owner's team (issue 36
 * §6). `unavailable`: the chain could not be read, so the gate stays closed (GET /api/wallet says so; gated routes
 * answer 502).
 */
export const MEMBERSHIP_OUTCOMES = [
  'gate_off',
  'no_wallet',
  'wrong_chain',
  'no_token',
  'member',
  'team',
  'unavailable',
] as const;
export type MembershipOutcome = (typeof MEMBERSHIP_OUTCOMES)[number];

/** The 403 answers of every gated route say exactly what is missing. */
export const MEMBERSHIP_MESSAGES = {
  noWallet:
    'Membership required: no wallet is linked to your account. Open the dashboard, connect your wallet and sign the message to link it.',
  noToken: (address: string) =>
    `Membership required: the wallet linked to your account (${shortenAddress(address)}) holds no membership token.`,
  wrongChain: (linkedChainId: number, chainId: number) =>
    `Membership required: your wallet was linked on chain ${linkedChainId}, but membership is checked on chain ${chainId}. Connect your wallet again to link it on the right network.`,
  gateOff:
    'The membership gate is off on this server: no membership contract is configured, so every signed-in account can use the dashboard.',
  team: 'Your membership comes from this workspace: one of its owners holds the membership token, which covers their team.',
  unavailable: (reason: string) =>
    `The membership token could not be checked right now (${reason}). Please try again in a moment.`,
} as const;

/** Why a Sign-In with Ethereum message was refused (POST /api/wallet/link). */
export const SIWE_MESSAGES = {
  malformed: 'This is not a valid Sign-In with Ethereum message.',
  nonceInvalid: 'This sign-in request was already used, has expired or belongs to another session. Please try again.',
  wrongDomain: (expected: string) => `The message was signed for another site. It must name ${expected}.`,
  wrongUri: (expected: string) => `The message was signed for another address. Its URI must be ${expected}.`,
  wrongChain: (chainId: number) =>
    `The message must name chain ${chainId}. Switch your wallet to that network and try again.`,
  expired: 'The signed message has expired. Please sign a new one.',
  badSignature: 'The signature does not match the message and address. Please sign again.',
  addressTaken:
    'This wallet is already linked to another Agentcast account. Each wallet can open one account: sign in to that account, or use another wallet.',
  signingCancelled: 'Signing was cancelled. Sign the message in your wallet to link it to your account.',
} as const;

/** The statement shown in the wallet when signing. */
export const SIWE_STATEMENT = 'Link this wallet to your Agentcast account. Its membership token opens the dashboard.';

/** A nonce (and the message signed with it) is valid this long, and only once. */
export const SIWE_NONCE_TTL_MS = 10 * 60_000;

/** The gate's settings, as the browser learns them (GET /api/wallet): one build serves every deployment. */
export type MembershipGateSettings = {
  enabled: boolean;
  /** The ERC-721 collection; null when the gate is off for lack of one. */
  contract: string | null;
  chainId: number;
  /** Where the browser reads the chain (balanceOf, getCode, name). */
  rpcUrl: string;
};

export type WalletLink = { address: string; chainId: number; verifiedAt: string };

export type MembershipDecisionView = {
  outcome: MembershipOutcome;
  allowed: boolean;
  /** The linked wallet, when there is one. */
  address: string | null;
  /** Why access is refused, that the gate is off, or that a team's owner opens it; null for members. */
  message: string | null;
};

/** GET /api/wallet: the gate, the account's linked wallet and the server's decision. */
export type WalletStatus = {
  gate: MembershipGateSettings;
  link: WalletLink | null;
  membership: MembershipDecisionView;
};

/** POST /api/wallet/nonce */
export type SiweNonce = { nonce: string; expiresAt: string };
