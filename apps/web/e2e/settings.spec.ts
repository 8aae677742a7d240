import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';

type CapturedMail = { to: string[]; subject: string; text: string };
const notificationsTo = async (email: string) =>
  ((await (await fetch(`${process.env.E2E_MAIL_URL}/messages`)).json()) as CapturedMail[]).filter(
    (mail) => mail.to.includes(email) && !mail.subject.startsWith('Verify your email'),
  );

test('a post that fails to publish is e-mailed; turned off in Settings, it no longer is, and the choice is kept', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two accounts, three runs and two e-mails awaited: 32-39 s in CI at two workers, 40-59 s at three.
  test.setTimeout(90_000);
  const { email } = await signedInUser(page, 'notified');
  // X is among a new agent's clients by default, and no X account is connected: the post to X fails.
  const row = await createAgent(page, { name: 'Unconnected Poster' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect
    .poll(async () => (await notificationsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toEqual(['A post by Unconnected Poster was not published to X']);
  expect((await notificationsTo(email))[0]?.text).toContain('Why: Not published: no X account is connected.');

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  const failures = page.getByRole('checkbox', { name: /E-mail me when a post fails to publish/ });
  const drafts = page.getByRole('checkbox', { name: /E-mail me when drafts have waited an hour for review/ });
  await expect(failures).toBeChecked();
  await expect(drafts).toBeChecked();
  await failures.uncheck();
  await expect(failures).not.toBeChecked();
  await page.reload();
  await expect(failures).not.toBeChecked();
  await expect(drafts).toBeChecked();

  await page.getByRole('link', { name: '← Back to Dashboard' }).click();
  await page.getByRole('listitem', { name: 'Unconnected Poster' }).getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/^Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });
  // The sign that our post's e-mail job has been worked: another person's post fails after ours did, so its e-mail
  // job is queued after ours, and the queue works them oldest first. Once that person is e-mailed, ours is done.
  const witnessContext = await browser.newContext({ baseURL });
  const witnessPage = await witnessContext.newPage();
  const witness = await signedInUser(witnessPage, 'witness');
  await (await createAgent(witnessPage, { name: 'Witness Poster' })).getByRole('button', { name: 'Trigger' }).click();
  await expect
    .poll(async () => (await notificationsTo(witness.email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toEqual(['A post by Witness Poster was not published to X']);
  expect(await notificationsTo(email)).toHaveLength(1);
  await witnessContext.close();
});
