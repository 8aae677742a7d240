import { expect, test } from '@playwright/test';
import { waitForAppStarted } from './support/app-started.ts';
import {
  mailedLinkFor,
  signInInBrowser,
  signUpInBrowser,
  signedInUser,
  uniqueEmail,
  verificationLinkFor,
} from './support/accounts.ts';

test('sign up, follow the verification link, sign in, see the dashboard, sign out', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'a long enough password';

  await signUpInBrowser(page, email, password);

  // Before verification, sign-in is refused with the reason.
  await signInInBrowser(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Your email is not verified yet');

  // Opening the link signs the person in and lands on the dashboard.
  await page.goto(await verificationLinkFor(email));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your email is verified. Welcome to Agentcast!')).toBeVisible();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByRole('tab', { name: 'AgentBoard' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByText('No agents found for your account. Create an agent to see messages.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await signInInBrowser(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
});

test('a signed-out visitor sent to /dashboard or /agent-builder lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/agent-builder');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in person sent to /login lands on /dashboard, and the session survives a reload', async ({ page }) => {
  const { email } = await signedInUser(page, 'returning');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await page.goto('/agent-builder');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('the form shows what is wrong: short password, taken e-mail, wrong password', async ({ page }) => {
  const { email } = await signedInUser(page, 'taken');
  await page.getByRole('button', { name: 'Sign Out' }).click();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('another long password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toContainText('An account with this email already exists');

  await signInInBrowser(page, email, 'not the password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
});

test('forgot password: the mailed link sets a new password, which then signs in', async ({ page }) => {
  const { email, password } = await signedInUser(page, 'forgetful');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await waitForAppStarted(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${email}, a link to choose a new password`);

  await page.goto(await mailedLinkFor(email, 'Choose a new password for Agentcast'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Also revoke my API keys')).toBeChecked();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  const newPassword = 'a freshly chosen password';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your password is changed and every session was signed out.');
  await signInInBrowser(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInInBrowser(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});
