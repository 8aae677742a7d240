import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEYNAR_ROUTES, startNeynarApiFake, type NeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import type { PlatformCredentials, PostMedia } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';
import { createFarcasterPlatform } from './farcaster-platform.ts';
import { createFarcasterSigners } from './farcaster-signer.ts';
import { createNeynarRequester } from './neynar-requester.ts';

/** A well-known test mnemonic (never a real account's): the app account that signs key requests. */
const APP_MNEMONIC = 'test test test test test test test test test test test junk';
const APP_FID = 977233;

let fake: NeynarApiFake;
let credentials: PlatformCredentials;
let nextFid = 5000;

beforeAll(async () => {
  fake = await startNeynarApiFake({ appFid: APP_FID, appCustodyAddress: mnemonicToAccount(APP_MNEMONIC).address });
});
afterAll(() => fake.close());

const call = () => createNeynarRequester({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 2000 });
const signers = () => createFarcasterSigners({ call: call(), appFid: APP_FID, appMnemonic: APP_MNEMONIC });
const farcaster = () => createFarcasterPlatform({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 2000 });
const image = (publicUrl?: string): PostMedia => ({
  kind: 'image',
  bytes: Buffer.from('png'),
  contentType: 'image/png',
  ...(publicUrl && { publicUrl }),
});

/** A person who approved a key of this app: the signer and the fid, as a connection keeps them. */
const approvedAccount = async (username = `caster${nextFid}`) => {
  const { signerUuid } = await signers().create();
  nextFid += 1;
  fake.approveSigner(signerUuid, { fid: nextFid, username });
  return { accessToken: signerUuid, accountId: String(nextFid) };
};

beforeEach(async () => {
  credentials = await approvedAccount();
});

describe('connecting Farcaster with a key the person approves', () => {
  it('makes a signer, signs its key request as the app (the fake checks the EIP-712 signature), then reads the approval', async () => {
    const made = await signers().create();
    expect(made.approvalUrl).toBe(`${fake.baseUrl}/__fake/approve/${made.signerUuid}`);
    expect(made.deadline.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    expect(fake.requestsTo(NEYNAR_ROUTES.signedKey).at(-1)?.json).toMatchObject({
      signer_uuid: made.signerUuid,
      app_fid: APP_FID,
      deadline: made.deadline.getTime() / 1000,
    });
    expect(fake.requestsTo(NEYNAR_ROUTES.signedKey).at(-1)?.headers['x-api-key']).toBe(fake.apiKey);
    await expect(signers().read(made.signerUuid)).resolves.toEqual({ status: 'pending' });
    fake.approveSigner(made.signerUuid, { fid: 42, username: 'alice' });
    await expect(signers().read(made.signerUuid)).resolves.toEqual({
      status: 'approved',
      fid: 42,
      username: 'alice',
      displayName: 'alice',
    });
    fake.revokeSigner(made.signerUuid);
    await expect(signers().read(made.signerUuid)).resolves.toEqual({ status: 'revoked' });
  });

  it('a key request signed by another account is refused, and a refused API key says the operator must fix it', async () => {
    const other = createFarcasterSigners({
      call: call(),
      appFid: APP_FID,
      appMnemonic: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
    });
    expect((await failure(other.create())).message).toContain('Invalid signature');
    const wrongKey = createFarcasterSigners({
      call: createNeynarRequester({ baseUrl: fake.baseUrl, apiKey: 'nope', timeoutMs: 2000 }),
      appFid: APP_FID,
      appMnemonic: APP_MNEMONIC,
    });
    const refused = await failure(wrongKey.create());
    expect(refused.kind).toBe('permanent');
    expect(refused.message).toBe("Neynar refused this server's API key (401): the operator must check NEYNAR_API_KEY.");
  });
});

describe('casting to Farcaster', () => {
  it('casts the text with the signer, an idem from the delivery, and up to two images by their public URL', async () => {
    const post = await farcaster().publish(credentials, {
      text: 'Small models, big wins. #AI',
      media: [
        image('https://cdn.example/a.png'),
        image(),
        image('https://cdn.example/b.png'),
        image('https://cdn.example/c.png'),
      ],
      idempotency: { key: 'delivery-1:0', at: new Date() },
    });
    const cast = fake.casts.at(-1)!;
    expect(post.postId).toBe(cast.hash);
    expect(post.url).toBe(`https://farcaster.xyz/${cast.username}/${cast.hash.slice(0, 10)}`);
    expect(cast.embeds).toEqual([{ url: 'https://cdn.example/a.png' }, { url: 'https://cdn.example/b.png' }]);
    expect(fake.requestsTo(NEYNAR_ROUTES.cast).at(-1)?.json).toMatchObject({
      signer_uuid: credentials.accessToken,
      text: 'Small models, big wins. #AI',
      idem: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(post.notes).toEqual([
      'Farcaster shows images from a public address only: an image without one was left out.',
      'Farcaster carries up to two images per cast: 1 were left out.',
    ]);
  });

  it('threads as replies, and refuses a cast over 320 bytes before any request', async () => {
    const first = await farcaster().publish(credentials, { text: 'Part one 1/2' });
    await farcaster().publish(credentials, { text: 'Part two 2/2', replyToPostId: first.postId });
    expect(fake.casts.at(-1)?.parent).toBe(first.postId);

    const before = fake.requests.length;
    const tooLong = await failure(farcaster().publish(credentials, { text: 'é'.repeat(161) }));
    expect(tooLong.message).toBe(
      'The cast is 322 bytes; Farcaster takes at most 320 (turn on threads for longer posts).',
    );
    expect(fake.requests.length).toBe(before);
  });

  it('a revoked key: permanent, saying to reconnect; 429: transient with the time; 500: transient', async () => {
    fake.revokeSigner(credentials.accessToken);
    const revoked = await failure(farcaster().publish(credentials, { text: 'Nobody hears' }));
    expect(revoked).toMatchObject({ kind: 'permanent', reason: 'reconnect_required' });
    credentials = await approvedAccount();
    fake.failNext(NEYNAR_ROUTES.cast, { status: 429, retryAfterSeconds: 30 });
    const limited = await failure(farcaster().publish(credentials, { text: 'Later' }));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited' });
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    fake.failNext(NEYNAR_ROUTES.cast, { status: 500 });
    expect(await failure(farcaster().publish(credentials, { text: 'Later' }))).toMatchObject({ kind: 'transient' });
  });

  it('a lost answer is unknown; findRecentPost finds the cast, and a repeat with the same idem makes no second one', async () => {
    const since = new Date(Date.now() - 1000);
    fake.dropNextCast();
    const request = { text: 'Did it go?', idempotency: { key: 'delivery-2:0', at: since } };
    expect(await failure(farcaster().publish(credentials, request))).toMatchObject({ kind: 'unknown' });
    const found = await farcaster().findRecentPost!(credentials, { text: 'Did it go?', since });
    const mine = fake.casts.filter((cast) => String(cast.fid) === credentials.accountId);
    expect(found?.postId).toBe(mine.at(-1)?.hash);
    await farcaster().publish(credentials, request);
    expect(fake.casts.filter((cast) => String(cast.fid) === credentials.accountId)).toHaveLength(mine.length);
  });

  it('deletes a cast (again: already gone), and reads likes, recasts and replies in bulk', async () => {
    const kept = await farcaster().publish(credentials, { text: 'Counted' });
    const gone = await farcaster().publish(credentials, { text: 'Taken back' });
    await farcaster().deletePost(credentials, gone.postId);
    await farcaster().deletePost(credentials, gone.postId);
    expect(fake.casts.some((cast) => cast.hash === gone.postId)).toBe(false);

    fake.setReactions(kept.postId, { likes: 7, recasts: 2, replies: 3 });
    const metrics = await farcaster().readMetrics!(credentials, [kept.postId, gone.postId]);
    expect([...metrics]).toEqual([[kept.postId, { likes: 7, reposts: 2, replies: 3 }]]);
    expect((await failure(farcaster().deletePost(credentials, 'not-a-hash'))).kind).toBe('permanent');
  });
});
