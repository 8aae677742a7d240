import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { LEGAL_PAGES } from '@agentcast/contracts/paths';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { waitForAppStarted } from './support/app-started.ts';

// Issue 16 §6: every screen works at 375 px (an iPhone SE / mini) without scrolling sideways.
const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 740 } });

/** The page is laid out in the viewport's width: nothing sticks out to the right. */
const expectNoHorizontalScroll = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth, `scrollWidth of ${page.url()}`).toBeLessThanOrEqual(WIDTH);
};

/** A full-page screenshot among the run's artifacts, to look at. */
const shoot = async (page: Page, testInfo: TestInfo, name: string) => {
  const path = testInfo.outputPath(`${name}-${WIDTH}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
};

test('the public pages fit: landing, login and a legal page', async ({ page }, testInfo) => {
  await page.goto('/');
  await waitForAppStarted(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'landing');

  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'login');

  await page.goto(LEGAL_PAGES[0].path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEGAL_PAGES[0].title);
  await expectNoHorizontalScroll(page);
});

test('the dashboard header is compact: its items sit behind a menu button that the keyboard can work', async ({
  page,
}, testInfo) => {
  const { email } = await signedInUser(page, 'mobile-header');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Agent Builder' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();

  await menuButton.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator('#dashboard-menu');
  await expect(menu.getByTestId('user-email')).toHaveText(email);
  await expect(menu.getByRole('link', { name: 'Agent Builder' })).toBeFocused();
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'header-menu-open');

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Agent Builder' }).click();
  await expect(page).toHaveURL(/\/agent-builder$/);
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
});

test('the dashboard tabs, the agent builder and the settings fit', async ({ page }, testInfo) => {
  await signedInUser(page, 'mobile-screens');
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'dashboard-agentboard');

  for (const tab of ['terminal', 'review', 'calendar']) {
    await page.goto(`/dashboard?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, testInfo, `dashboard-${tab}`);
  }

  await page.goto('/agent-builder');
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'agent-builder');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'settings');
});

test('with an agent and a post: the AgentBoard row and the terminal entry fit', async ({ page }, testInfo) => {
  await signedInUser(page, 'mobile-agent');
  const row = await createAgent(page, { name: 'Pocket Agent', meme: true });
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'agentboard-with-agent');

  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`)).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByRole('list', { name: 'Terminal messages' }).getByRole('listitem').first()).toContainText(
    FAKE_MODEL_POST,
  );
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'terminal-with-post');
});

test('the Create Agent form fits', async ({ page }, testInfo) => {
  await signedInUser(page, 'mobile-form');
  await page.goto('/dashboard?view=create');
  await expect(page.getByRole('button', { name: 'Create Agent' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, 'create-agent');
});
