import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@agentcast/contracts/account-settings';
import { AUTH_VALIDATION_MESSAGES } from '@agentcast/contracts/auth';
import { PASSWORD_RESET_MESSAGES } from '@agentcast/contracts/password-reset';
import { MAIL_REQUEST_THROTTLE } from '@agentcast/core/domains/accounts/mail-request-throttle';
import { apiKey } from '@agentcast/db/schema/api-keys';
import { user, verification } from '@agentcast/db/schema/auth';
import { findLink } from '@agentcast/test-fakes/smtp-sink';
import { newBrowser, signUpVerifiedUser, uniqueEmail } from '../testing/accounts.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const RESET_SUBJECT = 'Choose a new password for Agentcast';
const CHANGED_SUBJECT = 'Your Agentcast e-mail was changed';
const NEW_PASSWORD = 'a brand new horse';

const signIn = (email: string, password: string) =>
  newBrowser(server).post('/api/auth/sign-in/email', { email, password });
const isSignedIn = async (browser: HttpClient) => (await browser.get('/api/account/settings')).status === 200;
const makeKey = async (browser: HttpClient) =>
  expect((await browser.post('/api/account/api-keys', { name: 'CI', scope: 'read-write' })).status).toBe(201);
const keysOf = async (email: string) => {
  const [owner] = await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return server.database.db.select().from(apiKey).where(eq(apiKey.workspaceId, owner!.id));
};
/** The token of the link in the newest mail of this subject, from the query parameter the login screen reads. */
const tokenFromMail = async (to: string, subject: string, parameter: string) => {
  const link = new URL(findLink(await server.mail.waitForMail(to, 5000, subject)));
  expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/login`);
  return link.searchParams.get(parameter) ?? '';
};
const requestReset = (email: string, browser = newBrowser(server)) =>
  browser.post('/api/auth/request-password-reset', { email });

describe('forgot password', () => {
  it('mails a single-use link that sets a new password, signs every session out and revokes the API keys', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    await makeKey(browser);

    const requested = await requestReset(email);
    expect(requested.status).toBe(200);
    expect(await readJson(requested)).toEqual({ message: PASSWORD_RESET_MESSAGES.linkSent(email) });
    const token = await tokenFromMail(email, RESET_SUBJECT, 'reset');
    expect(token).not.toBe('');

    const tooShort = await newBrowser(server).post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(tooShort.status).toBe(400);
    expect((await readJson(tooShort)).fieldErrors).toEqual({
      newPassword: [AUTH_VALIDATION_MESSAGES.passwordTooShort],
    });

    const reset = await newBrowser(server).post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(await readJson(reset)).toEqual({ message: PASSWORD_RESET_MESSAGES.passwordReset });
    expect(await isSignedIn(browser)).toBe(false);
    expect(await keysOf(email)).toEqual([]);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);

    const again = await newBrowser(server).post('/api/auth/reset-password', { token, newPassword: 'yet another one' });
    expect(again.status).toBe(400);
    expect(await readJson(again)).toMatchObject({
      message: PASSWORD_RESET_MESSAGES.linkInvalid,
      fieldErrors: { token: [PASSWORD_RESET_MESSAGES.linkInvalid] },
    });
  });

  it('keeps the API keys when the person unticks it, and verifies an unverified address', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await makeKey(browser);
    await server.database.db.update(user).set({ emailVerified: false }).where(eq(user.email, email));

    await requestReset(email);
    const token = await tokenFromMail(email, RESET_SUBJECT, 'reset');
    const reset = await newBrowser(server).post('/api/auth/reset-password', {
      token,
      newPassword: NEW_PASSWORD,
      revokeApiKeys: false,
    });

    expect(reset.status).toBe(200);
    expect(await keysOf(email)).toHaveLength(1);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const { email } = await signUpVerifiedUser(server);
    await requestReset(email);
    const token = await tokenFromMail(email, RESET_SUBJECT, 'reset');
    await server.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));

    const reset = await newBrowser(server).post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(400);
    expect((await readJson(reset)).message).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
  });

  it('answers an address without an account the same way, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await requestReset(email);

    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: PASSWORD_RESET_MESSAGES.linkSent(email) });
    // A link is mailed before the answer is sent, so none can still be on its way.
    expect(server.mail.messages.filter((mail) => mail.to.includes(email))).toEqual([]);
  });

  it('sends at most 3 links an hour per account, however many are asked for at once', async () => {
    const { email } = await signUpVerifiedUser(server);
    const perAccount = MAIL_REQUEST_THROTTLE.find((limit) => limit.by === 'email')!.max;

    const answers = await Promise.all(Array.from({ length: 12 }, () => requestReset(email)));
    const statuses = answers.map((answer) => answer.status);

    expect(statuses.filter((status) => status === 200)).toHaveLength(perAccount);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson(refused)).message).toMatch(/^Too many password reset requests\. Please try again in/);
    await server.mail.waitForMail(email, 5000, RESET_SUBJECT);
    const resetMails = () =>
      server.mail.messages.filter((mail) => mail.to.includes(email) && mail.subject === RESET_SUBJECT);
    await expect.poll(() => resetMails().length).toBe(perAccount);
  });
});

describe('the way back from an e-mail change', () => {
  it('tells the old address, whose link puts it back, signs everyone out, revokes keys and mails a reset link', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    const newEmail = uniqueEmail('taken-over');
    // Two change links asked for before the first is opened: the second must not work after the revert.
    await browser.post('/api/account/email', { newEmail, password });
    const firstLink = findLink(await server.mail.waitForMail(newEmail));
    const secondEmail = uniqueEmail('second');
    await browser.post('/api/account/email', { newEmail: secondEmail, password });
    const secondLink = findLink(await server.mail.waitForMail(secondEmail));
    expect((await browser.get(firstLink)).status).toBe(302);
    await makeKey(browser);

    const notice = await server.mail.waitForMail(email, 5000, CHANGED_SUBJECT);
    expect(notice.text).toContain(`Your Agentcast e-mail was changed to ${newEmail}`);
    const token = await tokenFromMail(email, CHANGED_SUBJECT, 'revert-email');

    const reverted = await newBrowser(server).post('/api/auth/revert-email-change', { token });
    expect(reverted.status).toBe(200);
    expect(await readJson(reverted)).toEqual({ message: PASSWORD_RESET_MESSAGES.emailRestored(email) });
    expect(await isSignedIn(browser)).toBe(false);
    expect(await keysOf(email)).toEqual([]);
    expect((await signIn(email, password)).status).toBe(200);
    expect((await signIn(newEmail, password)).status).toBe(401);
    const resetToken = await tokenFromMail(email, RESET_SUBJECT, 'reset');
    expect(
      (await newBrowser(server).post('/api/auth/reset-password', { token: resetToken, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(200);

    const stale = await newBrowser(server).get(secondLink);
    expect(stale.headers.get('location')).toBe('/settings?email-changed=1&error=INVALID_TOKEN');
    expect((await signIn(secondEmail, NEW_PASSWORD)).status).toBe(401);

    const reused = await newBrowser(server).post('/api/auth/revert-email-change', { token });
    expect(reused.status).toBe(400);
    expect((await readJson(reused)).message).toBe(PASSWORD_RESET_MESSAGES.revertLinkInvalid);
  });

  it('refuses to put back an address another account has taken since, and keeps the link', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    const moved = uniqueEmail('moved');
    await browser.post('/api/account/email', { newEmail: moved, password });
    await browser.get(findLink(await server.mail.waitForMail(moved)));
    const token = await tokenFromMail(email, CHANGED_SUBJECT, 'revert-email');
    await signUpVerifiedUser(server, email);

    for (const attempt of [1, 2]) {
      const reverted = await newBrowser(server).post('/api/auth/revert-email-change', { token });
      expect(reverted.status, `attempt ${attempt}`).toBe(409);
      expect((await readJson(reverted)).message).toBe(PASSWORD_RESET_MESSAGES.emailTakenSince(email));
    }
    expect((await signIn(moved, password)).status).toBe(200);
  });
});

describe('API keys after a password change', () => {
  it('revokes them unless the person unticks it', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    await makeKey(browser);
    await browser.post('/api/account/password', {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      revokeApiKeys: false,
    });
    expect(await keysOf(email)).toHaveLength(1);

    const changed = await browser.post('/api/account/password', {
      currentPassword: NEW_PASSWORD,
      newPassword: password,
    });
    expect(await readJson(changed)).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect(await keysOf(email)).toEqual([]);
  });
});
