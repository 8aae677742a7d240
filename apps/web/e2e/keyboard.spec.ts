import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { expectEveryControlReachedByTab, tabTo } from './support/keyboard.ts';
import { waitForAppStarted } from './support/app-started.ts';

// Issue 16 §10: every control reachable and usable by keyboard, with a visible focus indicator at each stop.

test('on the public screens Tab reaches every control, each showing where focus is', async ({ page }) => {
  await page.route('https://platform.twitter.com/**', (route) => route.abort());
  await page.goto('/');
  await waitForAppStarted(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const landingStops = await expectEveryControlReachedByTab(page);
  expect(landingStops[0]?.describe, 'the first stop skips to the content').toContain('Skip to content');

  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expectEveryControlReachedByTab(page);
});

test('on the signed-in screens Tab reaches every control', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'keyboard-screens');
  const row = await createAgent(page, { name: 'Keyboard Agent' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`)).toBeVisible({
    timeout: 15_000,
  });
  await expectEveryControlReachedByTab(page);

  for (const tab of ['terminal', 'review', 'calendar', 'analytics']) {
    await page.goto(`/dashboard?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectEveryControlReachedByTab(page);
  }
  await page.goto('/dashboard?view=create');
  await expect(page.getByRole('button', { name: 'Create Agent' })).toBeVisible();
  await expectEveryControlReachedByTab(page, { maxStops: 400 });

  for (const path of ['/agent-builder', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectEveryControlReachedByTab(page);
  }
});

test('a person signs in, creates an agent and triggers it with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  const { email, password } = await signedInUser(page, 'keyboard-only');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await tabTo(page, /Email/);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  await tabTo(page, /Create Your First Agent/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Create Agent' })).toBeVisible();
  await tabTo(page, /^Name/);
  await page.keyboard.type('Typed Agent');
  await tabTo(page, /^Description/);
  await page.keyboard.type('Writes without a mouse');
  await tabTo(page, /^Prompt/);
  await page.keyboard.type('You write short posts about keyboards.');
  await tabTo(page, /^Topics/);
  await page.keyboard.type('Keyboards');
  await page.keyboard.press('Enter');
  await tabTo(page, /^Create Agent$/);
  await page.keyboard.press('Enter');

  const row = page.getByRole('listitem', { name: 'Typed Agent' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Trigger' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`)).toBeVisible({
    timeout: 15_000,
  });

  // The tabs move with the arrow keys, as WAI-ARIA tabs do.
  await page.getByRole('tab', { name: 'AgentBoard' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { selected: true })).toBeFocused();
  await expect(page.getByRole('tab', { selected: true })).not.toHaveText('AgentBoard');
});
