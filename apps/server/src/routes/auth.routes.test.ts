import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_VALIDATION_MESSAGES, VERIFICATION_MESSAGES } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { account, session, user } from '@agentcast/db/schema/auth';
import { findLink } from '@agentcast/test-fakes/smtp-sink';
import { newBrowser, signUpVerifiedUser, uniqueEmail } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { readJson } from '../testing/http-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'correct horse battery';

describe('sign-up', () => {
  it('answers the spec text and mails a verification link', async () => {
    const email = uniqueEmail();
    const response = await newBrowser(server).post('/api/auth/sign-up/email', { email, password: PASSWORD });

    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: AUTH_MESSAGES.signUpCheckEmail });
    const mail = await server.mail.waitForMail(email);
    expect(mail.subject).toBe('Verify your email for Agentcast');
    expect(findLink(mail)).toMatch(new RegExp(`^${server.url}/api/auth/verify-email\\?token=`));
  });

  it('refuses an invalid e-mail and a short password with a message per field', async () => {
    const response = await newBrowser(server).post('/api/auth/sign-up/email', {
      email: 'not-an-email',
      password: 'short',
    });

    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.fieldErrors).toEqual({
      email: [AUTH_VALIDATION_MESSAGES.emailInvalid],
      password: [AUTH_VALIDATION_MESSAGES.passwordTooShort],
    });
    expect(body.message).toContain(AUTH_VALIDATION_MESSAGES.passwordTooShort);
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const email = uniqueEmail();
    await newBrowser(server).post('/api/auth/sign-up/email', { email, password: PASSWORD });

    const again = await newBrowser(server).post('/api/auth/sign-up/email', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });

    expect(again.status).toBe(409);
    expect(await readJson(again)).toMatchObject({
      message: AUTH_VALIDATION_MESSAGES.emailTaken,
      fieldErrors: { email: [AUTH_VALIDATION_MESSAGES.emailTaken] },
    });
    expect(await server.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it('stores the password as argon2id with 19 MiB, 2 passes and 1 lane', async () => {
    const { email } = await signUpVerifiedUser(server);
    const [row] = await server.database.db
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));

    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('e-mail verification and sign-in', () => {
  it('keeps an unverified account out, says why, and mails a fresh link', async () => {
    const email = uniqueEmail();
    const browser = newBrowser(server);
    await browser.post('/api/auth/sign-up/email', { email, password: PASSWORD });
    await server.mail.waitForMail(email);
    const mailsBefore = server.mail.messages.length;

    const response = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });

    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: AUTH_VALIDATION_MESSAGES.emailNotVerified,
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    await expect.poll(() => server.mail.messages.length).toBe(mailsBefore + 1);
  });

  it('verifies and signs in through the mailed link, and signs in later with an HttpOnly, SameSite=Lax cookie', async () => {
    const email = uniqueEmail();
    await newBrowser(server).post('/api/auth/sign-up/email', { email, password: PASSWORD });

    // Opened in another browser than the one that signed up, as from a phone's mail app: it signs that one in.
    const opener = newBrowser(server);
    const verification = await opener.get(findLink(await server.mail.waitForMail(email)));
    expect(verification.status).toBe(302);
    expect(verification.headers.get('location')).toBe('/login?verified=1');
    expect((await readJson(await opener.get('/api/auth/get-session'))).user).toMatchObject({
      email,
      emailVerified: true,
    });

    const browser = newBrowser(server);
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const body = await readJson(signIn);
    expect(body).toEqual({ user: { id: expect.any(String), email, emailVerified: true } });
    const [cookie] = signIn.headers.getSetCookie();
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=604800/);

    const current = await readJson(await browser.get('/api/auth/get-session'));
    expect(current.user).toEqual(body.user);
    expect(JSON.stringify(current)).not.toContain('token');
  });

  it('sends a tampered verification link back to the login screen with an error', async () => {
    const email = uniqueEmail();
    const browser = newBrowser(server);
    await browser.post('/api/auth/sign-up/email', { email, password: PASSWORD });
    const link = new URL(findLink(await server.mail.waitForMail(email)));
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);

    const response = await browser.get(link.toString());

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?verified=1&error=INVALID_TOKEN');
  });

  it('refuses a verification link whose callback is not a path of this site, without reaching better-auth', async () => {
    // better-auth answers these with a 500 (it builds a URL from the callback to report the bad token).
    for (const callbackURL of ['\u{E09CE}\u{A6488}', 'https://evil.example/', '//evil.example', '/\\evil']) {
      const response = await newBrowser(server).get(
        `/api/auth/verify-email?token=bad&callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      expect(response.status).toBe(400);
      expect((await readJson(response)).fieldErrors).toEqual({
        callbackURL: ['callbackURL must be a path of this site'],
      });
    }
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { email } = await signUpVerifiedUser(server);
    const wrongPassword = await newBrowser(server).post('/api/auth/sign-in/email', {
      email,
      password: 'wrong password',
    });
    const unknownEmail = await newBrowser(server).post('/api/auth/sign-in/email', {
      email: uniqueEmail(),
      password: PASSWORD,
    });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await readJson(wrongPassword)).toMatchObject({ message: AUTH_VALIDATION_MESSAGES.invalidCredentials });
    expect(await readJson(unknownEmail)).toMatchObject({ message: AUTH_VALIDATION_MESSAGES.invalidCredentials });
  });

  it('logs every sign-in attempt with its outcome and never the password', async () => {
    const { email } = await signUpVerifiedUser(server, uniqueEmail(), 'a-password-to-spot-in-logs');
    await newBrowser(server).post('/api/auth/sign-in/email', { email, password: 'a-password-to-spot-in-logs' });
    await newBrowser(server).post('/api/auth/sign-in/email', { email, password: 'another-password-to-spot' });

    const attempts = server.logs().filter((line) => line.event === 'sign_in' && line.email === email);
    expect(attempts.map((line) => line.outcome)).toEqual(['success', 'wrong_credentials']);
    expect(server.rawLog()).not.toContain('a-password-to-spot-in-logs');
    expect(server.rawLog()).not.toContain('another-password-to-spot');
  });
});

describe('a new verification link', () => {
  it('is mailed on request, 3 an hour per address, with the same answer for an address without an account', async () => {
    const email = uniqueEmail();
    await newBrowser(server).post('/api/auth/sign-up/email', { email, password: PASSWORD });
    await server.mail.waitForMail(email);
    const before = server.mail.messages.filter((mail) => mail.to.includes(email)).length;

    const resent = await newBrowser(server).post('/api/auth/resend-verification', { email });
    expect(resent.status).toBe(200);
    expect(await readJson(resent)).toEqual({ message: VERIFICATION_MESSAGES.resent(email) });
    expect(server.mail.messages.filter((mail) => mail.to.includes(email))).toHaveLength(before + 1);
    expect(findLink(await server.mail.waitForMail(email))).toMatch(/\/api\/auth\/verify-email\?token=/);

    const nobody = uniqueEmail('nobody');
    const unknown = await newBrowser(server).post('/api/auth/resend-verification', { email: nobody });
    expect(await readJson(unknown)).toEqual({ message: VERIFICATION_MESSAGES.resent(nobody) });
    expect(server.mail.messages.filter((mail) => mail.to.includes(nobody))).toEqual([]);

    const statuses = await Promise.all(
      [1, 2, 3].map(async () => (await newBrowser(server).post('/api/auth/resend-verification', { email })).status),
    );
    expect(statuses.sort()).toEqual([200, 200, 429]);
  });
});

describe('sessions', () => {
  it('sign-out ends the session on the server, not only in the browser', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const stolenCookies = new Map(browser.cookies);
    const replay = newBrowser(server);
    for (const [name, value] of stolenCookies) replay.cookies.set(name, value);
    // The API has just seen this session (and keeps it in its session cache).
    expect((await replay.get('/api/agents')).status).toBe(200);

    const signOut = await browser.post('/api/auth/sign-out');
    expect(signOut.status).toBe(200);
    expect(await readJson(await browser.get('/api/auth/get-session'))).toBeNull();

    expect(await readJson(await replay.get('/api/auth/get-session'))).toBeNull();
    expect((await replay.get('/api/agents')).status).toBe(401);
  });

  it('is extended while in use', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    const [own] = await server.database.db.select().from(user).where(eq(user.email, email));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const soon = new Date(Date.now() + 5 * 86_400_000);
    await server.database.db
      .update(session)
      .set({ createdAt: twoDaysAgo, expiresAt: soon })
      .where(eq(session.userId, own!.id));

    const response = await browser.get('/api/auth/get-session');
    const body = await readJson(response);

    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=.+Max-Age=604800/);
  });

  it('ends 30 days after sign-in however much it is used', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    const [own] = await server.database.db.select().from(user).where(eq(user.email, email));
    await server.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000 - 1000) })
      .where(eq(session.userId, own!.id));

    const response = await browser.get('/api/auth/get-session');

    expect(await readJson(response)).toBeNull();
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=;/);
    expect(await server.database.db.select().from(session).where(eq(session.userId, own!.id))).toHaveLength(0);
  });
});

describe("better-auth's other endpoints", () => {
  // Each would skip a check of ours: the password for a new address, the sign-in throttle for password guesses,
  // the 30-day limit, tokens kept out of JavaScript, the fields a person may set.
  const sideDoors: [method: 'get' | 'post', path: string, body?: Record<string, unknown>][] = [
    ['post', '/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
    ['post', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'another horse 1' }],
    ['post', '/api/auth/verify-password', { password: PASSWORD }],
    ['post', '/api/auth/set-password', { newPassword: 'another horse 1' }],
    ['post', '/api/auth/update-user', { name: '<img src=x onerror=alert(1)>', image: 'javascript:alert(1)' }],
    ['post', '/api/auth/delete-user', { password: PASSWORD }],
    ['get', '/api/auth/list-sessions'],
    ['post', '/api/auth/revoke-session', { token: 'x' }],
    ['post', '/api/auth/revoke-sessions'],
    ['post', '/api/auth/revoke-other-sessions'],
    ['post', '/api/auth/update-session', {}],
    ['post', '/api/auth/send-verification-email', { email: 'someone@example.com' }],
    ['get', '/api/auth/reset-password/some-token?callbackURL=/login'],
    ['post', '/api/auth/sign-in/social', { provider: 'github' }],
    ['get', '/api/auth/list-accounts'],
    ['get', '/api/auth/ok'],
    ['get', '/api/auth/error'],
  ];

  it('answer 404 to a signed-in browser and change nothing', async () => {
    const { browser, email } = await signUpVerifiedUser(server, uniqueEmail(), PASSWORD);

    for (const [method, path, body] of sideDoors) {
      const response = method === 'get' ? await browser.get(path) : await browser.post(path, body);
      expect(response.status, `${method.toUpperCase()} ${path}`).toBe(404);
      expect(await readJson(response)).toEqual({
        code: 'NOT_FOUND',
        message: `No API route ${method.toUpperCase()} ${path.split('?')[0]}`,
      });
    }

    const [own] = await server.database.db.select().from(user).where(eq(user.email, email));
    expect(own).toMatchObject({ email, name: email.split('@')[0], image: null });
    expect((await readJson(await browser.get('/api/auth/get-session'))).user.email).toBe(email);
    expect((await newBrowser(server).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('in production', () => {
  it('names the session cookie __Host- (Secure, Path=/, no Domain) and sends HSTS', async () => {
    const production = await startTestServer({ isProduction: true });
    try {
      const { browser, email, password } = await signUpVerifiedUser(production);
      const signIn = await newBrowser(production).post('/api/auth/sign-in/email', { email, password });
      const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('__Host-better-auth.session_token='));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Domain=/i);
      const response = await browser.get('/api/auth/get-session');

      expect([...browser.cookies.keys()]).toEqual(['__Host-better-auth.session_token']);
      expect((await readJson(response)).user).toBeTruthy();
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });
});
