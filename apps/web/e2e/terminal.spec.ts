import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { connectXThenOpenDashboard } from './support/oauth.ts';

const SHOTS = '/tmp/shots-terminal';

const entries = (page: Page) => page.getByRole('list', { name: 'Terminal messages' }).locator(':scope > li');
const entryOf = (page: Page, agentName: string) => entries(page).filter({ hasText: agentName });

/** Triggers from the agent's row and watches the steps arrive while the button says 'Triggering...'. */
const triggerWatchingProgress = async (page: Page, agentName: string) => {
  const row = page.getByRole('listitem', { name: agentName });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('button', { name: 'Triggering...' })).toBeDisabled();
  const progress = row.getByRole('list', { name: 'Trigger progress' });
  await expect(progress).toContainText('Writing the post');
  await expect(progress).toContainText('Publishing to X', { timeout: 15_000 });
  await row.screenshot({ path: `${SHOTS}/trigger-progress-${agentName.split(' ')[0]?.toLowerCase()}.png` });
  await expect(page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled();
};

test('the terminal opens on all agents, filters by status and platform, searches, and reads in plain words', async ({
  page,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await signedInUser(page, 'terminal');
  // Alpha posts before X is connected (not posted), Beta after (posted to X).
  await createAgent(page, { name: 'Alpha Agent' });
  await triggerWatchingProgress(page, 'Alpha Agent');
  await connectXThenOpenDashboard(page);
  await createAgent(page, { name: 'Beta Agent' });
  await triggerWatchingProgress(page, 'Beta Agent');

  await page.getByRole('tab', { name: 'Terminal' }).click();
  // All agents first, each agent still offered.
  const agentSelect = page.getByRole('combobox', { name: 'Agent' });
  await expect(agentSelect.locator('option:checked')).toHaveText('All agents');
  await expect(agentSelect.locator('option')).toHaveText(['All agents', 'Beta Agent', 'Alpha Agent']);
  await expect(entries(page)).toHaveCount(2);
  await expect(entryOf(page, 'Alpha Agent')).toContainText(FAKE_MODEL_POST);

  // Plain words, links to the platform; the post made before X was connected offers Retry now that it is (issue 41 §7).
  const beta = entryOf(page, 'Beta Agent');
  await expect(beta.getByRole('list', { name: 'Deliveries' })).toContainText('Posted to X', { timeout: 15_000 });
  await expect(beta.getByRole('link', { name: 'View on X' })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/.+\/status\/\d+$/,
  );
  const alpha = entryOf(page, 'Alpha Agent');
  await expect(alpha.getByRole('list', { name: 'Deliveries' })).toHaveText(
    'Not posted: no X account connected — Retry',
  );
  await expect(alpha.getByRole('button', { name: 'Retry posting to X' })).toBeVisible();
  await expect(alpha).toContainText('Triggered by you');
  await expect(page.getByRole('list', { name: 'Terminal messages' })).not.toContainText(': posted');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/terminal-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/terminal-375.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Status and platform, answered by the server.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption({ label: 'Posted' });
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText('Beta Agent');
  await status.selectOption({ label: 'Not posted' });
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText('Alpha Agent');
  await status.selectOption({ label: 'Any status' });
  const platform = page.getByRole('combobox', { name: 'Platform' });
  await platform.selectOption({ label: 'LinkedIn' });
  await expect(page.getByText('No messages match these filters')).toBeVisible();
  await platform.selectOption({ label: 'X' });
  await expect(entries(page)).toHaveCount(2);

  // The search narrows to the post with those words (the fake model's own words of each post).
  const betaPost = await page.evaluate(
    async () => ((await (await fetch('/api/terminal?limit=1')).json()) as TerminalPage).messages[0]?.tweet_content,
  );
  const words = /Today: (.+)\. #AI/.exec(betaPost ?? '')?.[1] ?? '';
  expect(words).not.toBe('');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(words.toUpperCase());
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText('Beta Agent');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('');
  await expect(entries(page)).toHaveCount(2);

  // One agent: its entries only, without its name repeated on each.
  await agentSelect.selectOption({ label: 'Alpha Agent' });
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText(FAKE_MODEL_POST);
});

test('a post of the offline writer reads "Written offline", not the writer’s internal name', async ({ page }) => {
  await signedInUser(page, 'offline');
  await createAgent(page, { name: 'Offline Agent' });
  await page.getByRole('listitem', { name: 'Offline Agent' }).getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });
  // The browser tests' server has a (fake) language model: its answer is shown as the offline writer's would
  // be (registered after sign-in: the last route registered handles the request).
  await page.route(
    (url) => url.pathname === '/api/terminal',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as TerminalPage;
      const messages = body.messages.map((message) => ({ ...message, is_offline: true, model: 'offline-writer' }));
      await route.fulfill({ response, json: { ...body, messages } });
    },
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const entry = entries(page).first();
  await expect(entry).toContainText('Written offline');
  await expect(entry).not.toContainText('offline-writer');
  // The terminal reads again on its own (its stream, its refresh): a read still passing through the route when the
  // test ends fails the run outside any test ("route.fetch: Test ended", in a clean-clone CI run).
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
