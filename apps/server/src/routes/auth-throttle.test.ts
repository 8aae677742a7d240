import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from '@agentcast/core/auth/sign-in-throttle';
import { SIGN_UP_THROTTLE } from '@agentcast/core/auth/sign-up-throttle';
import { createHttpClient, readJson } from '../testing/http-client.ts';
import { newBrowser, signUpVerifiedUser, uniqueEmail } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
afterEach(() => server.close());

const THROTTLED = /^Too many failed sign-in attempts\. Please wait 15 minutes and try again\.$/;

describe('sign-in throttling', () => {
  it(`blocks an account after ${SIGN_IN_THROTTLE.maxFailuresPerAccount} failures, from any address, even with the right password`, async () => {
    server = await startTestServer();
    const { email, password } = await signUpVerifiedUser(server);

    for (let attempt = 0; attempt < SIGN_IN_THROTTLE.maxFailuresPerAccount; attempt++) {
      const failure = await newBrowser(server).post('/api/auth/sign-in/email', { email, password: `wrong ${attempt}` });
      expect(failure.status).toBe(401);
    }
    const blocked = await newBrowser(server).post('/api/auth/sign-in/email', { email, password });

    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe(String(SIGN_IN_THROTTLE.windowMinutes * 60));
    expect((await readJson(blocked)).message).toMatch(THROTTLED);
    expect(server.logs().some((line) => line.event === 'sign_in' && line.outcome === 'throttled')).toBe(true);
  });

  it('blocks one address spraying many accounts, and a forged X-Forwarded-For does not reset it', async () => {
    // No trusted proxy: the TCP peer is the client, whatever X-Forwarded-For claims.
    server = await startTestServer({ trustProxy: 0 });
    for (let attempt = 0; attempt < SIGN_IN_THROTTLE.maxFailuresPerIp; attempt++) {
      const forged = createHttpClient(server.url, { headers: { 'x-forwarded-for': `198.51.100.${attempt}` } });
      const failure = await forged.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'guess' });
      expect(failure.status).toBe(401);
    }
    const forgedAgain = createHttpClient(server.url, { headers: { 'x-forwarded-for': '192.0.2.99' } });
    const blocked = await forgedAgain.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'guess' });

    expect(blocked.status).toBe(429);
    expect((await readJson(blocked)).message).toMatch(THROTTLED);
  }, 60_000);

  it('behind a trusted proxy, counts each forwarded client on its own', async () => {
    server = await startTestServer({ trustProxy: 1 });
    const { email, password } = await signUpVerifiedUser(server);
    // The proxy appends the real client (192.0.2.7); entries further left are whatever the client wrote.
    const attacker = () => createHttpClient(server.url, { headers: { 'x-forwarded-for': `10.0.0.${Math.random()}, 192.0.2.7` } });
    for (let attempt = 0; attempt < SIGN_IN_THROTTLE.maxFailuresPerIp; attempt++) {
      await attacker().post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'guess' });
    }
    const honest = createHttpClient(server.url, { headers: { 'x-forwarded-for': '192.0.2.8' } });

    expect((await attacker().post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'guess' })).status).toBe(429);
    expect((await honest.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const failures = server.logs().filter((line) => line.event === 'sign_in' && line.outcome === 'wrong_credentials');
    expect(new Set(failures.map((line) => line.ip))).toEqual(new Set(['192.0.2.7']));
  }, 60_000);
});

describe('sign-up throttling', () => {
  it(`allows ${SIGN_UP_THROTTLE.maxPerIp} sign-ups an hour from one address`, async () => {
    server = await startTestServer();
    const sameAddress = () => newBrowser(server, '192.0.2.50');
    for (let count = 0; count < SIGN_UP_THROTTLE.maxPerIp; count++) {
      const response = await sameAddress().post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'long enough password' });
      expect(response.status).toBe(200);
    }
    const blocked = await sameAddress().post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'long enough password' });

    expect(blocked.status).toBe(429);
    expect((await readJson(blocked)).message).toBe('Too many sign-ups from your network. Please try again in an hour.');
  }, 60_000);
});
