import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import { startNeynarApiFake, type NeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import type { PlatformCredentials } from '../common/platform.ts';
import { createFarcasterPlatform } from './farcaster-platform.ts';
import { createFarcasterSigners } from './farcaster-signer.ts';
import { createNeynarRequester } from './neynar-requester.ts';

/** A well-known test mnemonic (never a real account's): the app account that signs key requests. */
export const APP_MNEMONIC = 'test test test test test test test test test test test junk';
/** Another well-known one, whose signature the fake must refuse. */
export const OTHER_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
export const APP_FID = 977233;

type Options = { apiKey?: string; baseUrl?: string; timeoutMs?: number };

/**
 * What the Farcaster test files share: the Neynar fake for the file, the adapter and the signer client pointed at it
 * (another key, address or timeout when a test asks), and a person who approved a key of this app — a fresh fid each
 * time, so one test's casts never meet another's. Call it once at the top of a test file.
 */
export const useFarcasterFixture = () => {
  let fake: NeynarApiFake;
  let nextFid = 5000;

  beforeAll(async () => {
    fake = await startNeynarApiFake({ appFid: APP_FID, appCustodyAddress: mnemonicToAccount(APP_MNEMONIC).address });
  });
  afterAll(() => fake.close());

  const requester = ({ apiKey, baseUrl, timeoutMs = 2000 }: Options = {}) =>
    createNeynarRequester({ baseUrl: baseUrl ?? fake.baseUrl, apiKey: apiKey ?? fake.apiKey, timeoutMs });
  // Deriving the app account from its mnemonic takes a while: the usual client is made once.
  let appSigners: ReturnType<typeof createFarcasterSigners> | undefined;
  const signers = (options: Options & { mnemonic?: string } = {}) => {
    const make = () =>
      createFarcasterSigners({
        call: requester(options),
        appFid: APP_FID,
        appMnemonic: options.mnemonic ?? APP_MNEMONIC,
      });
    if (Object.keys(options).length > 0) return make();
    appSigners ??= make();
    return appSigners;
  };
  const farcaster = ({ apiKey, baseUrl, timeoutMs = 2000 }: Options = {}) =>
    createFarcasterPlatform({ baseUrl: baseUrl ?? fake.baseUrl, apiKey: apiKey ?? fake.apiKey, timeoutMs });

  /** A person who approved a key of this app: the signer and the fid, as a connection keeps them. */
  const approvedAccount = async (username?: string): Promise<PlatformCredentials> => {
    const { signerUuid } = await signers().create();
    nextFid += 1;
    fake.approveSigner(signerUuid, { fid: nextFid, username: username ?? `caster${nextFid}` });
    return { accessToken: signerUuid, accountId: String(nextFid) };
  };

  return { fake: () => fake, signers, farcaster, approvedAccount };
};
