import { expect, test } from '@playwright/test';
import { WORKSPACE_MEMBER_MESSAGES } from '@agentcast/contracts/workspaces';
import { mailedLinkFor, signedInUser, signUpInBrowser, uniqueEmail } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';

test('an owner invites an editor by e-mail, who signs up from the link, accepts, and works in the team’s workspace', async ({
  page,
  browser,
}) => {
  test.slow();
  await signedInUser(page, 'team-owner');
  await createAgentInForm(page, { name: 'Team Herald' });

  await page.goto('/settings');
  const members = page.getByRole('region', { name: /^Members of / });
  const invitee = uniqueEmail('invitee');
  await members.getByLabel('E-mail address').fill(invitee);
  await members.getByLabel('Role', { exact: true }).selectOption('editor');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(members.getByText(WORKSPACE_MEMBER_MESSAGES.invited(invitee))).toBeVisible();
  await expect(members.getByRole('list', { name: 'Invitations' })).toContainText(`${invitee} · Editor`);

  // The invited person opens the e-mail's link before having an account, signs up, and comes back to it.
  const link = await mailedLinkFor(invitee);
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto(link);
  await expect(theirs.getByRole('heading', { name: /^Join .+'s workspace$/ })).toBeVisible();
  await expect(theirs.getByText(`invited ${invitee} to`)).toContainText('as Editor.');
  await signUpInBrowser(theirs, invitee, 'a long enough password');
  await theirs.goto(await mailedLinkFor(invitee, 'Verify your email for Agentcast'));
  await expect(theirs).toHaveURL(/\/invitations\//);
  await theirs.getByRole('button', { name: 'Accept invitation' }).click();

  // The address names the team's workspace: another tab opened on it shows the team's too.
  await expect(theirs).toHaveURL(/\/dashboard\?workspace=[^&]+$/);
  await expect(theirs.getByLabel('Workspace')).toHaveValue(/.+/);
  await expect(theirs.getByRole('listitem', { name: 'Team Herald' })).toBeVisible();
  await expect(theirs.getByLabel('Workspace').locator('option:checked')).toHaveText(/'s workspace$/);
  const secondTab = await context.newPage();
  await secondTab.goto(theirs.url());
  await expect(secondTab.getByRole('listitem', { name: 'Team Herald' })).toBeVisible();

  // Their own workspace is one choice away, and has no agent of the team's.
  const own = theirs.getByLabel('Workspace').locator('option').first();
  await theirs.getByLabel('Workspace').selectOption({ label: (await own.textContent()) ?? '' });
  await expect(theirs.getByRole('button', { name: 'Create Your First Agent' })).toBeVisible();
  await expect(theirs.getByRole('listitem', { name: 'Team Herald' })).toHaveCount(0);
  await expect(theirs).toHaveURL(/\/dashboard$/);
  // The other tab still shows the team's, and keeps it on a reload.
  await secondTab.reload();
  await expect(secondTab.getByRole('listitem', { name: 'Team Herald' })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(members.getByRole('list', { name: 'Members' })).toContainText(invitee);
  await expect(members.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('editor');
});
