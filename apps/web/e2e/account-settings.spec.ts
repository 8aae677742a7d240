import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedInUser, signInInBrowser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';

/** Set ACCOUNT_SCREENSHOTS=<dir> to also save the settings page at desktop and phone widths. */
const screenshotsDir = process.env.ACCOUNT_SCREENSHOTS;
const screenshots = async (page: Page) => {
  if (!screenshotsDir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(screenshotsDir, `settings-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const openSettings = async (page: Page) => {
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
};

const signOutAndIn = async (page: Page, email: string, password: string) => {
  await page.context().clearCookies();
  await page.goto('/login');
  await signInInBrowser(page, email, password);
};

test('a person changes their password, exports their data and deletes their account', async ({ page }) => {
  const { email, password } = await signedInUser(page, 'account');
  await createAgent(page, { name: 'Export Me Agent' });
  await openSettings(page);
  await expect(page.getByText('You are signed in only here.')).toBeVisible();
  await screenshots(page);

  // Change the password: a wrong current one is refused, then the right one works and signs in.
  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current password').fill('not my password');
  await passwordSection.getByLabel('New password').fill('a brand new password');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText('Your current password is not correct.')).toBeVisible();
  await passwordSection.getByLabel('Current password').fill(password);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText('Your password is changed.', { exact: false })).toBeVisible({
    timeout: 20_000,
  });

  await signOutAndIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInInBrowser(page, email, 'a brand new password');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettings(page);

  // Export: one download, a JSON that holds the agent.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^agentcast-export-.*\.json$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain('Export Me Agent');
  expect(JSON.parse(exported)).toMatchObject({ account: { email } });

  // Delete: the password is asked; then the account is gone and signing in fails.
  const deleteSection = page.getByRole('region', { name: 'Delete my account' });
  await deleteSection.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deleteSection.getByText('Enter your password to delete your account.')).toBeVisible();
  await deleteSection.getByLabel('Your password, to confirm').fill('a brand new password');
  await deleteSection.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await signInInBrowser(page, email, 'a brand new password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
});
