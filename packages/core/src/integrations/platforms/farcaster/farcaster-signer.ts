import { mnemonicToAccount } from 'viem/accounts';
import { PlatformError } from '../common/platform.ts';
import type { NeynarRequester } from './neynar-requester.ts';

/** A signer the person has not approved yet, as Neynar tells it; `approved` with the account it posts as. */
export type FarcasterSignerState =
  | { status: 'pending' }
  | { status: 'revoked' }
  | { status: 'approved'; fid: number; username: string; displayName: string };

/**
 * Farcaster's signers through Neynar: made with this server's app account, approved by the person in their Farcaster
 * app. Both throw PlatformError in words.
 */
export type FarcasterSigners = {
  create: () => Promise<{ signerUuid: string; approvalUrl: string; deadline: Date }>;
  read: (signerUuid: string) => Promise<FarcasterSignerState>;
};

/** How long the person has to approve a key request (Farcaster's deadline, signed into it). */
export const SIGNER_REQUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The EIP-712 domain and type of a signed key request, as Farcaster's key gateway checks it on OP Mainnet. */
const SIGNED_KEY_REQUEST_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const;
const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

const field = (body: unknown, name: string) =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

const unexpected = (what: string) =>
  new PlatformError(
    'farcaster',
    'transient',
    'platform_unavailable',
    `Neynar answered ${what} in a form it does not document.`,
  );

/**
 * Signers for people's Farcaster accounts: `create` asks Neynar for a new key, signs its request with the app's own
 * account (fid and custody mnemonic: the request names who asks, so the person sees this app's name when they
 * approve) and answers the link the person opens; `read` answers whether they approved, and as whom.
 */
export const createFarcasterSigners = ({
  call,
  appFid,
  appMnemonic,
  now = () => new Date(),
}: {
  call: NeynarRequester;
  appFid: number;
  appMnemonic: string;
  now?: () => Date;
}): FarcasterSigners => {
  const app = mnemonicToAccount(appMnemonic);
  return {
    create: async () => {
      const { body: made } = await call({ method: 'POST', path: '/v2/farcaster/signer', what: 'the new key' });
      const signerUuid = field(made, 'signer_uuid');
      const publicKey = field(made, 'public_key');
      if (typeof signerUuid !== 'string' || typeof publicKey !== 'string') throw unexpected('the new key');
      const deadline = Math.floor((now().getTime() + SIGNER_REQUEST_LIFETIME_MS) / 1000);
      const signature = await app.signTypedData({
        domain: SIGNED_KEY_REQUEST_DOMAIN,
        types: SIGNED_KEY_REQUEST_TYPES,
        primaryType: 'SignedKeyRequest',
        message: { requestFid: BigInt(appFid), key: publicKey as `0x${string}`, deadline: BigInt(deadline) },
      });
      const { body: requested } = await call({
        method: 'POST',
        path: '/v2/farcaster/signer/signed_key',
        json: { signer_uuid: signerUuid, app_fid: appFid, deadline, signature },
        what: 'the key request',
      });
      const approvalUrl = field(requested, 'signer_approval_url');
      if (typeof approvalUrl !== 'string') throw unexpected('the key request');
      return { signerUuid, approvalUrl, deadline: new Date(deadline * 1000) };
    },
    read: async (signerUuid) => {
      const { body: signer } = await call({
        method: 'GET',
        path: '/v2/farcaster/signer',
        query: { signer_uuid: signerUuid },
        what: 'the key’s status',
      });
      const status = field(signer, 'status');
      if (status === 'revoked') return { status: 'revoked' };
      const fid = field(signer, 'fid');
      if (status !== 'approved' || typeof fid !== 'number') return { status: 'pending' };
      const { body: found } = await call({
        method: 'GET',
        path: '/v2/farcaster/user/bulk',
        query: { fids: String(fid) },
        what: 'the account',
      });
      const [user] = (field(found, 'users') as Record<string, unknown>[] | undefined) ?? [];
      const username = typeof user?.username === 'string' ? user.username : `!${fid}`;
      const displayName = typeof user?.display_name === 'string' ? user.display_name : username;
      return { status: 'approved', fid, username, displayName };
    },
  };
};
