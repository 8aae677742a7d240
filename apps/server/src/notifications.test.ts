import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SETTINGS_TEXTS, type AccountSettings } from '@agentcast/contracts/account-settings';
import type { Agent, Client } from '@agentcast/contracts/agents';
import { NOTIFY_PUBLISH_FAILED_JOB } from '@agentcast/core/domains/notifications/notify-publish-failed-job';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { accountSetting } from '@agentcast/db/schema/account-settings';
import { agentRun } from '@agentcast/db/schema/runs';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { agentJobsFinished, jobsOfAgent } from './testing/jobs.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // An interval minute lasts a second: the drafts check runs every second. X is not connected in these tests, so
  // a post to X fails at once.
  server = await startTestServer({ timeScale: 60 });
});
afterAll(() => server.close());

const agentPostingTo = async (browser: HttpClient, clients: Client[], review = false) =>
  (await readJson(
    await browser.post(
      '/api/agents',
      validAgent({
        activities: ['post'],
        review_before_posting: review,
        post_configuration: { topics: ['AI'], clients },
      }),
    ),
  )) as Agent;
/** The notifications sent to this address (the sign-up's verification e-mail aside). */
const mailsTo = (email: string) =>
  server.mail.messages.filter(
    (mail) => mail.to.includes(email.toLowerCase()) && !mail.subject.startsWith('Verify your email'),
  );
const nextMailTo = async (email: string, count: number) => {
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(count);
  return mailsTo(email).at(-1)!;
};
/**
 * Waits for a pass of the drafts check that began after this call: another account's draft, made two hours old
 * now, is e-mailed about by it. One statement claims every account due in a pass (notifyWaitingDrafts), so an
 * account it did not mark was not due: the sign a test waits for, instead of a fixed time, before it asserts that
 * nobody else was e-mailed.
 */
const draftsCheckRan = async () => {
  const { browser, email } = await signUpVerifiedUser(server);
  const agent = await agentPostingTo(browser, ['terminal'], true);
  expect((await browser.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
  await server.database.db
    .update(agentRun)
    .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
    .where(eq(agentRun.agentId, agent.id));
  await nextMailTo(email, 1);
};
/** When the drafts check last e-mailed this account (null: never). */
const draftsNotifiedAt = async (userId: string) =>
  (
    await server.database.db
      .select({ at: accountSetting.draftsNotifiedAt })
      .from(accountSetting)
      .where(eq(accountSetting.userId, userId))
  )[0]?.at ?? null;

describe('account settings', () => {
  it('start with both e-mails on, change one at a time, and refuse what is not a setting', async () => {
    const { browser } = await signUpVerifiedUser(server);
    expect(await readJson(await browser.get('/api/account/settings'))).toEqual({
      notify_drafts_waiting: true,
      notify_publish_failed: true,
      time_zone: null,
    });
    const changed = await browser.patch('/api/account/settings', { notify_publish_failed: false });
    expect(changed.status).toBe(200);
    expect((await readJson(changed)) as AccountSettings).toEqual({
      notify_drafts_waiting: true,
      notify_publish_failed: false,
      time_zone: null,
    });
    expect((await browser.patch('/api/account/settings', { notify_everything: true })).status).toBe(400);
    expect((await browser.patch('/api/account/settings', {})).status).toBe(400);
    expect((await browser.patch('/api/account/settings', { notify_drafts_waiting: 'yes' })).status).toBe(400);
    expect(ACCOUNT_SETTINGS_TEXTS.notifyPublishFailed).toBe('E-mail me when a post fails to publish');
  });
});

describe('e-mail notifications', () => {
  it('say when a post failed to publish, why, and link to the terminal and the settings; none once turned off', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    const agent = await agentPostingTo(browser, ['terminal', 'x']);
    expect((await browser.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);

    const mail = await nextMailTo(email, 1);
    expect(mail.subject).toBe(`A post by ${agent.name} was not published to X`);
    expect(mail.text).toContain(`Why: ${PUBLISHING_MESSAGES.notConnected('x')}`);
    expect(mail.text).toContain(`${server.url}/dashboard?tab=terminal`);
    expect(mail.text).toContain(`${server.url}/settings`);

    await browser.patch('/api/account/settings', { notify_publish_failed: false });
    const before = mailsTo(email).length;
    expect((await browser.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    // Its run, the failed delivery's e-mail job included, is done: that job sent nothing.
    await expect.poll(() => agentJobsFinished(server, agent.id), { timeout: 10_000 }).toBe(true);
    expect((await jobsOfAgent(server, agent.id)).filter((job) => job.name === NOTIFY_PUBLISH_FAILED_JOB.name)).toEqual([
      { name: NOTIFY_PUBLISH_FAILED_JOB.name, state: 'completed' },
      { name: NOTIFY_PUBLISH_FAILED_JOB.name, state: 'completed' },
    ]);
    expect(mailsTo(email)).toHaveLength(before);
  });

  it('list the drafts that waited an hour, at most one e-mail an hour, and none for drafts already told', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await putOnPlan(server, email, 'enterprise');
    const agent = await agentPostingTo(browser, ['terminal'], true);
    for (let index = 0; index < 2; index++)
      expect((await browser.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    await draftsCheckRan();
    expect(await draftsNotifiedAt(agent.user_id)).toBeNull();
    expect(mailsTo(email)).toHaveLength(0);

    // The drafts were written two hours ago.
    await server.database.db
      .update(agentRun)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(agentRun.agentId, agent.id));
    const mail = await nextMailTo(email, 1);
    expect(mail.subject).toBe('2 drafts are waiting for your review');
    expect(mail.text).toContain(`${agent.name}, planned for`);
    expect(mail.text).toContain(`Review them: ${server.url}/dashboard?tab=review`);

    // A third draft, also past the hour, but within the hour of the last e-mail: no second e-mail yet.
    const third = (await readJson(await browser.post(`/api/agents/${agent.id}/trigger`, {}))) as {
      data: { message_id: string };
    };
    await server.database.db
      .update(agentRun)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(agentRun.terminalMessageId, third.data.message_id));
    const toldAt = await draftsNotifiedAt(agent.user_id);
    await draftsCheckRan();
    expect(await draftsNotifiedAt(agent.user_id)).toEqual(toldAt);
    expect(mailsTo(email)).toHaveLength(1);

    // Two hours later (the last e-mail moved back): one more, listing the three; the first two alone would not.
    await server.database.db
      .update(accountSetting)
      .set({ draftsNotifiedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(accountSetting.userId, agent.user_id));
    expect((await nextMailTo(email, 2)).subject).toBe('3 drafts are waiting for your review');
  });

  it('send no drafts e-mail to an account that turned it off', async () => {
    const { browser, email } = await signUpVerifiedUser(server);
    await browser.patch('/api/account/settings', { notify_drafts_waiting: false });
    const agent = await agentPostingTo(browser, ['terminal'], true);
    expect((await browser.post(`/api/agents/${agent.id}/trigger`, {})).status).toBe(200);
    await server.database.db
      .update(agentRun)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(agentRun.agentId, agent.id));
    await draftsCheckRan();
    expect(await draftsNotifiedAt(agent.user_id)).toBeNull();
    expect(mailsTo(email)).toHaveLength(0);
  });
});
