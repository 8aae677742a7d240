import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from '@agentcast/core/domains/accounts/sign-in-throttle';
import { SIGN_UP_THROTTLE } from '@agentcast/core/domains/accounts/sign-up-throttle';
import { createHttpClient, readJson } from '../testing/http-client.ts';
import { newBrowser, signUpVerifiedUser, uniqueEmail } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
afterEach(() => server.close());

const THROTTLED = /^Too many failed sign-in attempts\. Please try again in \d+ (minutes?|hours)\.$/;
const { pair, account, address } = SIGN_IN_THROTTLE;

const signIn = (client: ReturnType<typeof createHttpClient>, email: string, password: string) =>
  client.post('/api/auth/sign-in/email', { email, password });

/** One wrong guess from each of these addresses, in parallel batches (each address is a client of its own). */
const guessFromAddresses = async (email: string, addresses: string[]) => {
  const statuses: number[] = [];
  for (let start = 0; start < addresses.length; start += 10) {
    const batch = addresses
      .slice(start, start + 10)
      .map((ip) => signIn(newBrowser(server, ip), email, `wrong from ${ip}`));
    statuses.push(...(await Promise.all(batch)).map((response) => response.status));
  }
  return statuses;
};

describe('sign-in throttling', () => {
  it(`stops one address after ${pair.maxFailures} wrong guesses at an account, and says when to try again`, async () => {
    server = await startTestServer();
    const { email, password } = await signUpVerifiedUser(server);
    const guesser = newBrowser(server, '198.51.100.1');

    for (let attempt = 0; attempt < pair.maxFailures; attempt++) {
      expect((await signIn(guesser, email, `wrong ${attempt}`)).status).toBe(401);
    }
    const blocked = await signIn(guesser, email, password);

    expect(blocked.status).toBe(429);
    expect((await readJson(blocked)).message).toBe(
      `Too many failed sign-in attempts. Please try again in ${pair.windowMinutes} minutes.`,
    );
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(pair.windowMinutes * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(pair.windowMinutes * 60);
    expect(server.logs().some((line) => line.event === 'sign_in' && line.outcome === 'throttled')).toBe(true);
  });

  it('lets the owner in from their own address while a stranger is locked out of the account', async () => {
    server = await startTestServer();
    const { email, password } = await signUpVerifiedUser(server);
    const stranger = newBrowser(server, '198.51.100.2');
    for (let attempt = 0; attempt < pair.maxFailures; attempt++) await signIn(stranger, email, `wrong ${attempt}`);

    expect((await signIn(stranger, email, password)).status).toBe(429);
    expect((await signIn(newBrowser(server, '192.0.2.20'), email, password)).status).toBe(200);
  });

  it(`lets at most ${pair.maxFailures} of 200 parallel wrong guesses reach the password check`, async () => {
    server = await startTestServer();
    const { email, password } = await signUpVerifiedUser(server);
    const guesser = newBrowser(server, '198.51.100.3');

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => signIn(guesser, email, `wrong ${index}`)),
    );
    const statuses = responses.map((response) => response.status);

    expect(statuses.filter((status) => status === 401)).toHaveLength(pair.maxFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - pair.maxFailures);
    const checked = server.logs().filter((line) => line.event === 'sign_in' && line.outcome === 'wrong_credentials');
    expect(checked).toHaveLength(pair.maxFailures);
    // The owner, elsewhere, is not affected.
    expect((await signIn(newBrowser(server, '192.0.2.21'), email, password)).status).toBe(200);
  }, 60_000);

  it(`counts guesses through every route that checks a password in the one throttle: ${pair.maxFailures} of 200`, async () => {
    server = await startTestServer();
    const { browser, email, password } = await signUpVerifiedUser(server);
    const guesses = [
      (guess: string) => signIn(browser, email, guess),
      (guess: string) =>
        browser.post('/api/account/password', { currentPassword: guess, newPassword: 'new horse 123' }),
      (guess: string) => browser.post('/api/account/email', { newEmail: uniqueEmail('elsewhere'), password: guess }),
      (guess: string) => browser.post('/api/account/delete', { password: guess }),
    ];

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => guesses[index % guesses.length]!(`wrong ${index}`)),
    );
    const statuses = responses.map((response) => response.status);

    expect(statuses.filter((status) => status === 400 || status === 401)).toHaveLength(pair.maxFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - pair.maxFailures);
    // Still signed in, and the account as it was: the right password from elsewhere works.
    expect((await browser.get('/api/account/settings')).status).toBe(200);
    expect((await signIn(newBrowser(server, '192.0.2.22'), email, password)).status).toBe(200);
  }, 60_000);

  it(`after ${account.maxFailures} wrong guesses from rotating addresses, gives each address one guess a day but lets the owner in`, async () => {
    server = await startTestServer();
    const { email, password } = await signUpVerifiedUser(server);
    const ownersUsualAddress = '192.0.2.30';
    expect((await signIn(newBrowser(server, ownersUsualAddress), email, password)).status).toBe(200);
    const rotating = Array.from(
      { length: account.maxFailures },
      (_, index) => `10.1.${Math.floor(index / 250)}.${index % 250}`,
    );
    expect(await guessFromAddresses(email, rotating)).toEqual(rotating.map(() => 401));

    // An address that already failed waits; a fresh one gets one guess, then waits too.
    expect((await signIn(newBrowser(server, rotating[0]), email, password)).status).toBe(429);
    const fresh = newBrowser(server, '10.2.0.1');
    expect((await signIn(fresh, email, 'one more guess')).status).toBe(401);
    const freshAgain = await signIn(fresh, email, password);
    expect(freshAgain.status).toBe(429);
    expect((await readJson(freshAgain)).message).toMatch(THROTTLED);
    // The owner gets in from the address they used before, and from a new network on the first try.
    expect((await signIn(newBrowser(server, ownersUsualAddress), email, password)).status).toBe(200);
    expect((await signIn(newBrowser(server, '192.0.2.31'), email, password)).status).toBe(200);
  }, 120_000);

  it('stops one address spraying many accounts, a forged X-Forwarded-For does not reset it, and an owner it signed in before still gets in', async () => {
    // No trusted proxy: the TCP peer is the client, whatever X-Forwarded-For claims.
    server = await startTestServer({ trustProxy: 0 });
    const { email, password } = await signUpVerifiedUser(server);
    expect((await signIn(createHttpClient(server.url), email, password)).status).toBe(200);
    for (let attempt = 0; attempt < address.maxFailures; attempt++) {
      const forged = createHttpClient(server.url, { headers: { 'x-forwarded-for': `198.51.100.${attempt}` } });
      expect((await signIn(forged, uniqueEmail(), 'guess')).status).toBe(401);
    }
    const forgedAgain = createHttpClient(server.url, { headers: { 'x-forwarded-for': '192.0.2.99' } });
    const blocked = await signIn(forgedAgain, uniqueEmail(), 'guess');

    expect(blocked.status).toBe(429);
    expect((await readJson(blocked)).message).toMatch(THROTTLED);
    expect((await signIn(createHttpClient(server.url), email, password)).status).toBe(200);
  }, 60_000);

  it('behind a trusted proxy, counts each forwarded client on its own', async () => {
    server = await startTestServer({ trustProxy: 1 });
    const { email, password } = await signUpVerifiedUser(server);
    // The proxy appends the real client (192.0.2.7); entries further left are whatever the client wrote.
    const attacker = () =>
      createHttpClient(server.url, { headers: { 'x-forwarded-for': `10.0.0.${Math.random()}, 192.0.2.7` } });
    for (let attempt = 0; attempt < address.maxFailures; attempt++) await signIn(attacker(), uniqueEmail(), 'guess');
    const honest = createHttpClient(server.url, { headers: { 'x-forwarded-for': '192.0.2.8' } });

    expect((await signIn(attacker(), uniqueEmail(), 'guess')).status).toBe(429);
    expect((await signIn(honest, email, password)).status).toBe(200);
    const failures = server.logs().filter((line) => line.event === 'sign_in' && line.outcome === 'wrong_credentials');
    expect(new Set(failures.map((line) => line.ip))).toEqual(new Set(['192.0.2.7']));
  }, 60_000);
});

describe('sign-up throttling', () => {
  it(`allows ${SIGN_UP_THROTTLE.maxPerIp} sign-ups an hour from one address, however many arrive at once`, async () => {
    server = await startTestServer();
    const sameAddress = () => newBrowser(server, '192.0.2.50');
    const attempts = SIGN_UP_THROTTLE.maxPerIp * 2;
    const responses = await Promise.all(
      Array.from({ length: attempts }, () =>
        sameAddress().post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'long enough password' }),
      ),
    );
    const statuses = responses.map((response) => response.status);

    expect(statuses.filter((status) => status === 200)).toHaveLength(SIGN_UP_THROTTLE.maxPerIp);
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - SIGN_UP_THROTTLE.maxPerIp);
    const blocked = responses.find((response) => response.status === 429);
    expect((await readJson(blocked as Response)).message).toBe(
      'Too many sign-ups from your network. Please try again in 60 minutes.',
    );
  }, 60_000);
});
