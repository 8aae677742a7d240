import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SIWE_MESSAGES, type SiweNonce, type WalletStatus } from '@agentcast/contracts/membership';
import { siweNonce, walletLink } from '@agentcast/db/schema/wallet';
import { newBrowser, signUpVerifiedUser } from '../testing/accounts.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { linkWallet, newWallet, signedLink } from '../testing/wallets.ts';

// Linking needs no chain: an ordinary wallet's signature is checked offline. The gate is off on this server, so
// the answers show the link itself; the gate's decisions are tested in membership-gate.test.ts.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signedIn = async () => (await signUpVerifiedUser(server)).browser;
const link = (browser: HttpClient, body: unknown) => browser.post('/api/wallet/link', body);
const expectRefused = async (response: Response, status: number, message: string) => {
  expect(response.status).toBe(status);
  expect(await readJson(response)).toMatchObject({ message });
};

describe('linking a wallet with Sign-In with Ethereum', () => {
  it('links the wallet that signed a message for this site on Base', async () => {
    const browser = await signedIn();
    const wallet = newWallet();

    const response = await link(browser, await signedLink(browser, server, wallet));

    expect(response.status).toBe(200);
    const status = (await readJson(response)) as WalletStatus;
    expect(status.link).toMatchObject({ address: wallet.address, chainId: 8453 });
    expect(new Date(status.link?.verifiedAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await readJson(await browser.get('/api/wallet'))).link.address).toBe(wallet.address);
    const [row] = await server.database.db
      .select()
      .from(walletLink)
      .where(eq(walletLink.address, wallet.address.toLowerCase()));
    expect(row?.chainId).toBe(8453);
  });

  it('hands out 128-bit single-account nonces that expire within 10 minutes, keeping at most 5 open', async () => {
    const browser = await signedIn();
    const nonces: SiweNonce[] = [];
    for (let index = 0; index < 7; index++)
      nonces.push((await readJson(await browser.post('/api/wallet/nonce'))) as SiweNonce);

    for (const { nonce, expiresAt } of nonces) {
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    }
    expect(new Set(nonces.map(({ nonce }) => nonce)).size).toBe(7);
    const open = await server.database.db
      .select({ nonce: siweNonce.nonce })
      .from(siweNonce)
      .where(sql`${siweNonce.nonce} in ${nonces.map(({ nonce }) => nonce)}`);
    expect(open.map(({ nonce }) => nonce).sort()).toEqual(
      nonces
        .slice(2)
        .map(({ nonce }) => nonce)
        .sort(),
    );
  });

  it('refuses a nonce used a second time', async () => {
    const browser = await signedIn();
    const body = await signedLink(browser, server, newWallet());
    expect((await link(browser, body)).status).toBe(200);
    await expectRefused(await link(browser, body), 403, SIWE_MESSAGES.nonceInvalid);
  });

  it('refuses a nonce that another account asked for', async () => {
    const owner = await signedIn();
    const thief = await signedIn();
    await expectRefused(
      await link(thief, await signedLink(owner, server, newWallet())),
      403,
      SIWE_MESSAGES.nonceInvalid,
    );
  });

  it('refuses a nonce older than 10 minutes', async () => {
    const browser = await signedIn();
    const body = await signedLink(browser, server, newWallet());
    await server.database.db
      .update(siweNonce)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${siweNonce.nonce} = ${body.message.match(/Nonce: (\w+)/)?.[1]}`);
    await expectRefused(await link(browser, body), 403, SIWE_MESSAGES.nonceInvalid);
  });

  it('refuses a message signed for another site, and the nonce is used up by the attempt', async () => {
    const browser = await signedIn();
    const wallet = newWallet();
    const host = new URL(server.url).host;
    const phished = await signedLink(browser, server, wallet, {
      domain: 'agentcast.example.net',
      uri: 'https://agentcast.example.net',
    });
    await expectRefused(await link(browser, phished), 403, SIWE_MESSAGES.wrongDomain(host));

    const nonce = phished.message.match(/Nonce: (\w+)/)?.[1] as string;
    const honest = await signedLink(browser, server, wallet, { nonce });
    await expectRefused(await link(browser, honest), 403, SIWE_MESSAGES.nonceInvalid);
  });

  it('refuses a message whose URI is not this site', async () => {
    const browser = await signedIn();
    const body = await signedLink(browser, server, newWallet(), { uri: 'https://elsewhere.example.org/login' });
    await expectRefused(await link(browser, body), 403, SIWE_MESSAGES.wrongUri(new URL(server.url).origin));
  });

  it('refuses a message naming another chain than Base', async () => {
    const browser = await signedIn();
    await expectRefused(
      await link(browser, await signedLink(browser, server, newWallet(), { chainId: 1 })),
      403,
      SIWE_MESSAGES.wrongChain(8453),
    );
  });

  it('refuses an expired message', async () => {
    const browser = await signedIn();
    const body = await signedLink(browser, server, newWallet(), {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 60_000),
    });
    await expectRefused(await link(browser, body), 403, SIWE_MESSAGES.expired);
  });

  it('refuses a signature from another wallet than the message names, and a tampered message', async () => {
    const browser = await signedIn();
    const named = newWallet();
    const signer = newWallet();
    const body = await signedLink(browser, server, named);
    const forged = { message: body.message, signature: await signer.account.signMessage({ message: body.message }) };
    await expectRefused(await link(browser, forged), 403, SIWE_MESSAGES.badSignature);

    const tampered = await signedLink(browser, server, named);
    await expectRefused(
      await link(browser, {
        ...tampered,
        message: tampered.message.replace(/^Link this wallet.*$/m, 'Send all my tokens away.'),
      }),
      403,
      SIWE_MESSAGES.badSignature,
    );
    expect((await readJson(await browser.get('/api/wallet'))).link).toBeNull();
  });

  it('refuses a wallet that is already linked to another account, until that account releases it', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const wallet = newWallet();
    await linkWallet(first, server, wallet);

    const refused = await link(second, await signedLink(second, server, wallet));
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ code: 'CONFLICT', message: SIWE_MESSAGES.addressTaken });

    const released = await first.delete('/api/wallet/link');
    expect(released.status).toBe(200);
    expect(((await readJson(released)) as WalletStatus).link).toBeNull();
    expect((await link(second, await signedLink(second, server, wallet))).status).toBe(200);
  });

  it('keeps one wallet per account: linking another replaces it and frees the first address', async () => {
    const browser = await signedIn();
    const [old, replacement] = [newWallet(), newWallet()];
    await linkWallet(browser, server, old);
    const status = (await linkWallet(browser, server, replacement)) as WalletStatus;
    expect(status.link?.address).toBe(replacement.address);
    const other = await signedIn();
    expect((await link(other, await signedLink(other, server, old))).status).toBe(200);
  });

  it('explains malformed requests', async () => {
    const browser = await signedIn();
    const missing = await link(browser, {});
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).fieldErrors).toEqual({
      message: ['The signed message is missing'],
      signature: ['The signature is missing'],
    });
    await expectRefused(await link(browser, { message: 'hello', signature: '0x1234' }), 400, SIWE_MESSAGES.malformed);
    expect((await link(browser, { message: 'x', signature: 'not hex' })).status).toBe(400);
  });

  it('is only for signed-in people', async () => {
    const stranger = newBrowser(server);
    for (const response of [
      await stranger.get('/api/wallet'),
      await stranger.post('/api/wallet/nonce'),
      await stranger.post('/api/wallet/link', {}),
      await stranger.delete('/api/wallet/link'),
    ]) {
      expect(response.status).toBe(401);
    }
  });

  it('logs links without the signature or the message', async () => {
    const browser = await signedIn();
    const wallet = newWallet();
    const body = await signedLink(browser, server, wallet);
    expect((await link(browser, body)).status).toBe(200);
    expect(server.logs().some((line) => line.msg === 'Wallet linked' && line.address === wallet.address)).toBe(true);
    expect(server.rawLog()).not.toContain(body.signature.slice(2, 60));
    expect(server.rawLog()).not.toContain(body.message.match(/Nonce: (\w+)/)?.[1]);
  });
});
