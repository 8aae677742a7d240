import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type AccountExport } from '@agentcast/contracts/account-settings';
import type { Agent } from '@agentcast/contracts/agents';
import { AUTH_VALIDATION_MESSAGES } from '@agentcast/contracts/auth';
import { queryRows } from '@agentcast/db/query-rows';
import { findLink } from '@agentcast/test-fakes/smtp-sink';
import { newBrowser, putOnPlan, signUpVerifiedUser, uniqueEmail } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { agentForm, pdfDocument, pngImage, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startOAuthFakes, type OAuthFakes } from '../testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
let fakes: OAuthFakes;
beforeAll(async () => {
  fakes = await startOAuthFakes();
  server = await startTestServer({ oauth: fakes.config });
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

const signIn = (email: string, password: string, browser = newBrowser(server)) =>
  browser.post('/api/auth/sign-in/email', { email, password }).then((response) => ({ response, browser }));
const signedInAgain = async (email: string, password: string) => {
  const { response, browser } = await signIn(email, password);
  expect(response.status).toBe(200);
  return browser;
};
const expectRefused = async (response: Response, status: number, message: string) => {
  expect(response.status).toBe(status);
  expect(await readJson(response)).toMatchObject({ message });
};
const isSignedIn = async (browser: HttpClient) => (await browser.get('/api/account/settings')).status === 200;

describe('changing the password', () => {
  it('needs the current password, then signs every other session out and keeps this one', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    const elsewhere = await signedInAgain(email, password);

    await expectRefused(
      await browser.post('/api/account/password', { currentPassword: 'not it at all', newPassword: 'new horse 12345' }),
      400,
      ACCOUNT_MESSAGES.wrongPassword,
    );
    await expectRefused(
      await browser.post('/api/account/password', { currentPassword: password, newPassword: 'short' }),
      400,
      AUTH_VALIDATION_MESSAGES.passwordTooShort,
    );
    await expectRefused(
      await browser.post('/api/account/password', { currentPassword: password, newPassword: password }),
      400,
      ACCOUNT_MESSAGES.samePassword,
    );

    const response = await browser.post('/api/account/password', {
      currentPassword: password,
      newPassword: 'new horse 12345',
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await signIn(email, password)).response.status).toBe(401);
    expect((await signIn(email, 'new horse 12345')).response.status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await newBrowser(server).post('/api/account/password', {
      currentPassword: 'whatever1',
      newPassword: 'whatever2',
    });
    expect(response.status).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('sends a link to the new address and changes it only when the link is opened', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    const newEmail = uniqueEmail('moved');

    await expectRefused(
      await browser.post('/api/account/email', { newEmail, password: 'wrong password' }),
      400,
      ACCOUNT_MESSAGES.wrongPassword,
    );
    await expectRefused(
      await browser.post('/api/account/email', { newEmail: email, password }),
      400,
      ACCOUNT_MESSAGES.sameEmail,
    );
    await expectRefused(
      await browser.post('/api/account/email', { newEmail: 'not-an-address', password }),
      400,
      AUTH_VALIDATION_MESSAGES.emailInvalid,
    );
    const taken = (await signUpVerifiedUser(server)).email;
    await expectRefused(
      await browser.post('/api/account/email', { newEmail: taken, password }),
      409,
      AUTH_VALIDATION_MESSAGES.emailTaken,
    );

    const response = await browser.post('/api/account/email', { newEmail, password });
    expect(await readJson(response)).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) });
    const mail = await server.mail.waitForMail(newEmail);
    expect(mail.subject).toBe('Confirm your new email for Agentcast');
    expect((await readJson(await browser.get('/api/auth/get-session'))).user.email).toBe(email);

    const opened = await browser.get(findLink(mail));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/settings?email-changed=1');
    expect((await readJson(await browser.get('/api/auth/get-session'))).user).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    expect((await signIn(email, password)).response.status).toBe(401);
    expect((await signIn(newEmail, password)).response.status).toBe(200);
  });
});

describe('signing out of other sessions', () => {
  it('counts the other sessions and signs them out, keeping this one', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    expect(await readJson(await browser.get('/api/account/sessions'))).toEqual({ otherSessions: 0 });
    const phone = await signedInAgain(email, password);
    const laptop = await signedInAgain(email, password);
    expect(await readJson(await browser.get('/api/account/sessions'))).toEqual({ otherSessions: 2 });
    // Signed in, and so known to the server's session cache, until revoked.
    expect(await isSignedIn(phone)).toBe(true);

    const response = await browser.post('/api/account/sessions/revoke-others');
    expect(await readJson(response)).toEqual({ otherSessions: 0 });
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
  });
});

/** An account with something of everything: agents with an image and a PDF, a post, a connection, a wallet-free plan. */
const richAccount = async () => {
  const account = await signUpVerifiedUser(server);
  await putOnPlan(server, account.email, 'enterprise');
  const image = await pngImage();
  const pdf = await pdfDocument(['Our launch notes for the export test']);
  const created = await account.browser.post(
    '/api/agents',
    agentForm(validAgent({ name: 'Exported Pulse' }), {
      image: { body: image, name: 'face.png' },
      trainingfiles: [{ body: pdf, name: 'notes.pdf' }],
    }),
  );
  expect(created.status).toBe(201);
  const agent = (await readJson(created)) as Agent;
  const trigger = await account.browser.post(`/api/agents/${agent.id}/trigger`, {});
  expect(trigger.status).toBe(200);
  await connectPlatform(server, account.browser, 'x');
  await connectPlatform(server, account.browser, 'linkedin', { agentId: agent.id });
  const key = await account.browser.post('/api/account/api-keys', { name: 'Exported key', scope: 'read' });
  expect(key.status).toBe(201);
  return { ...account, agent, image, pdf, apiKey: ((await readJson(key)) as { key: string }).key };
};

describe('exporting my data', () => {
  it('downloads one JSON with the agents, messages, connections (no tokens), runs and the files', async () => {
    const { browser, image, pdf, email, apiKey } = await richAccount();
    const response = await browser.get('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="agentcast-export-[\d-]+\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as AccountExport;

    expect(data.account.email).toBe(email);
    expect(data.agents.map((row) => row.name)).toEqual(['Exported Pulse']);
    expect(data.terminalMessages.length).toBeGreaterThan(0);
    expect(data.runs.length).toBeGreaterThan(0);
    expect(data.connections.map((row) => row.platform).sort()).toEqual(['linkedin', 'x']);
    expect(data.apiKeys.map((row) => row.name)).toEqual(['Exported key']);
    expect(text).not.toMatch(/Sealed|accessToken|refreshToken|twitterCredentialsSealed|keyHash/);
    expect(text).not.toContain(apiKey);
    const bodies = data.files.map((file) => Buffer.from(file.base64, 'base64'));
    expect(bodies.some((body) => body.equals(image))).toBe(true);
    expect(bodies.some((body) => body.equals(pdf))).toBe(true);
    expect(data.missingFiles).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await newBrowser(server).get('/api/account/export')).status).toBe(401);
  });
});

/** Every table of every schema (pg-boss's too), read from information_schema: a table added later is covered. */
const rowsMentioning = async (needles: string[]) => {
  const tables = await queryRows<{ schema: string; name: string }>(
    server.database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map(({ name }) => name)).toEqual(
    expect.arrayContaining(['agent', 'user', 'session', 'platform_connection']),
  );
  const found: string[] = [];
  for (const { schema, name } of tables) {
    for (const needle of needles) {
      const [row] = await queryRows<{ count: number }>(
        server.database.db,
        sql`select count(*)::int as count from ${sql.identifier(schema)}.${sql.identifier(name)} as t
            where t::text ilike ${`%${needle}%`}`,
      );
      if (row && row.count > 0) found.push(`${schema}.${name} (${row.count} × ${needle})`);
    }
  }
  return found;
};

const storedFiles = (): string[] => {
  const root = join(server.dataDir, 'storage');
  return readdirSync(root, { recursive: true, encoding: 'utf8' });
};

describe('deleting my account', () => {
  it('refuses without the right password and deletes nothing', async () => {
    const { browser, email, password } = await signUpVerifiedUser(server);
    await expectRefused(
      await browser.post('/api/account/delete', {}),
      400,
      ACCOUNT_MESSAGES.deleteConfirmationRequired,
    );
    await expectRefused(
      await browser.post('/api/account/delete', { password: 'not my password' }),
      400,
      ACCOUNT_MESSAGES.wrongPassword,
    );
    expect((await signIn(email, password)).response.status).toBe(200);
  });

  it('removes everything of the account, revokes its platform grants and leaves nothing in the database or storage', async () => {
    const { browser, email, password, agent } = await richAccount();
    const other = await richAccount();
    const { id: userId } = (await readJson(await browser.get('/api/auth/get-session'))).user as { id: string };
    const elsewhere = await signedInAgain(email, password);
    expect(storedFiles().some((file) => file.includes(userId))).toBe(true);
    expect(await rowsMentioning([userId, agent.id])).not.toEqual([]);
    const revokedBefore = fakes.x.revokedTokens().length + fakes.linkedin.revokedTokens().length;

    const response = await browser.post('/api/account/delete', { password });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join(';')).toMatch(/session_token=;|max-age=0/i);

    expect(await rowsMentioning([userId, agent.id, email])).toEqual([]);
    expect(storedFiles().filter((file) => file.includes(userId))).toEqual([]);
    expect(fakes.x.revokedTokens().length + fakes.linkedin.revokedTokens().length).toBeGreaterThan(revokedBefore);
    expect(await isSignedIn(browser)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await signIn(email, password)).response.status).toBe(401);

    // The other account is untouched.
    expect(await isSignedIn(other.browser)).toBe(true);
    const theirs = (await readJson(await other.browser.get('/api/account/export'))) as AccountExport;
    expect(theirs.agents).toHaveLength(1);
    expect(theirs.files.length).toBeGreaterThanOrEqual(2);
  });
});
