import { mnemonicToAccount } from 'viem/accounts';
import { verifyTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { NEYNAR_ROUTES, SIGNED_KEY_REQUEST } from '@agentcast/test-fakes/neynar-api-fake';
import { closedAddress, failure } from '../common/platform-test-kit.ts';
import { SIGNER_REQUEST_LIFETIME_MS } from './farcaster-signer.ts';
import { APP_FID, APP_MNEMONIC, OTHER_MNEMONIC, useFarcasterFixture } from './farcaster-test-fixture.ts';

const { fake, signers } = useFarcasterFixture();

const lastSignedKey = () => fake().requestsTo(NEYNAR_ROUTES.signedKey).at(-1);

describe('asking for a key the person approves in their Farcaster app', () => {
  it('makes a signer, signs its key request as the app with EIP-712, and answers the approval link', async () => {
    const before = Date.now();
    const made = await signers().create();
    const created = fake().signers.find((signer) => signer.uuid === made.signerUuid)!;
    expect(fake().requestsTo(NEYNAR_ROUTES.createSigner).at(-1)?.headers['x-api-key']).toBe(fake().apiKey);
    expect(made.approvalUrl).toBe(`${fake().baseUrl}/__fake/approve/${made.signerUuid}`);
    expect(created).toMatchObject({ status: 'pending_approval', appFid: APP_FID });

    const sent = lastSignedKey()?.json as { deadline: number; signature: `0x${string}` };
    expect(sent).toEqual({
      signer_uuid: made.signerUuid,
      app_fid: APP_FID,
      deadline: made.deadline.getTime() / 1000,
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    // Farcaster's recommended deadline: a day from now, in whole seconds.
    expect(made.deadline.getTime()).toBeGreaterThanOrEqual(
      Math.floor((before + SIGNER_REQUEST_LIFETIME_MS) / 1000) * 1000,
    );
    expect(made.deadline.getTime()).toBeLessThanOrEqual(Date.now() + SIGNER_REQUEST_LIFETIME_MS);
    // The same check the key gateway makes, here against the app account's custody address.
    const valid = await verifyTypedData({
      address: mnemonicToAccount(APP_MNEMONIC).address,
      ...SIGNED_KEY_REQUEST,
      primaryType: 'SignedKeyRequest',
      message: { requestFid: BigInt(APP_FID), key: created.publicKey, deadline: BigInt(sent.deadline) },
      signature: sent.signature,
    });
    expect(valid).toBe(true);
  });

  it('reads pending until the person approves, then the account with its username and name; revoked after', async () => {
    const made = await signers().create();
    await expect(signers().read(made.signerUuid)).resolves.toEqual({ status: 'pending' });
    expect(fake().requestsTo(NEYNAR_ROUTES.signer).at(-1)?.query).toEqual({ signer_uuid: made.signerUuid });

    fake().approveSigner(made.signerUuid, { fid: 42, username: 'alice' });
    await expect(signers().read(made.signerUuid)).resolves.toEqual({
      status: 'approved',
      fid: 42,
      username: 'alice',
      displayName: 'alice',
    });
    expect(fake().requestsTo(NEYNAR_ROUTES.users).at(-1)?.query).toEqual({ fids: '42' });

    fake().revokeSigner(made.signerUuid);
    await expect(signers().read(made.signerUuid)).resolves.toEqual({ status: 'revoked' });
  });

  it('a key request signed by an account that is not the app’s is refused, in Neynar’s words', async () => {
    const refused = await failure(signers({ mnemonic: OTHER_MNEMONIC }).create());
    expect(refused).toMatchObject({ platform: 'farcaster', kind: 'permanent', reason: 'rejected', status: 400 });
    expect(refused.message).toBe(
      'Farcaster rejected the key request (400: Invalid signature for the signed key request).',
    );
    expect(fake().signers.at(-1)?.status).toBe('generated');
  });
});

describe('the signer client when Neynar refuses or fails', () => {
  it('a refused API key is the operator’s to fix, and says so', async () => {
    const refused = await failure(signers({ apiKey: 'not-the-key' }).create());
    expect(refused).toMatchObject({ kind: 'permanent', status: 401 });
    expect(refused.message).toBe("Neynar refused this server's API key (401): the operator must check NEYNAR_API_KEY.");
    expect(refused.message).not.toContain('not-the-key');
  });

  it('429: transient, until Retry-After or, without one, a minute (Neynar counts requests per minute)', async () => {
    fake().failNext(NEYNAR_ROUTES.createSigner, { status: 429, retryAfterSeconds: 90 });
    const limited = await failure(signers().create());
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(limited.retryAt!.getTime() - Date.now()).toBeGreaterThan(80_000);
    expect(limited.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(90_000);

    const made = await signers().create();
    fake().failNext(NEYNAR_ROUTES.signer, { status: 429 });
    const unsaid = await failure(signers().read(made.signerUuid));
    expect(unsaid).toMatchObject({ kind: 'transient', reason: 'rate_limited' });
    expect(unsaid.retryAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(unsaid.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('Neynar failing on its side, or unreachable, is transient', async () => {
    fake().failNext(NEYNAR_ROUTES.signedKey, { status: 503 });
    expect(await failure(signers().create())).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      message: 'Farcaster failed on its side (503: Internal server error).',
    });
    expect(await failure(signers({ baseUrl: await closedAddress() }).create())).toMatchObject({
      kind: 'transient',
      reason: 'unreachable',
    });
  });
});

describe('the fake’s approval, as the person gives it', () => {
  it('the approval link opens a page with an Approve button that approves the key as the account filled in', async () => {
    const made = await signers().create();
    const page = await fetch(made.approvalUrl);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain(`<form method="post" action="/__fake/approve/${made.signerUuid}">`);
    expect(html).toContain('<button type="submit">Approve</button>');

    const approved = await fetch(made.approvalUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ fid: '777', username: 'phone-person' }),
    });
    expect(approved.status).toBe(200);
    await expect(signers().read(made.signerUuid)).resolves.toMatchObject({
      status: 'approved',
      fid: 777,
      username: 'phone-person',
    });
    expect((await fetch(made.approvalUrl)).status).toBe(409);
  });

  it('over HTTP for tests in another process: POST /__fake/signers/:uuid/approve', async () => {
    const made = await signers().create();
    const answer = await fetch(`${fake().baseUrl}/__fake/signers/${made.signerUuid}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fid: 778, username: 'http-person' }),
    });
    expect(answer.status).toBe(204);
    await expect(signers().read(made.signerUuid)).resolves.toMatchObject({ fid: 778, username: 'http-person' });
  });
});
