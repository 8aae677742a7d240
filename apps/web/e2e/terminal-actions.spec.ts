import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Agent } from '@agentcast/contracts/agents';
import { signedInUser } from './support/accounts.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { connectXThenOpenDashboard, oauthFakeUrl } from './support/oauth.ts';

const entries = (page: Page) => page.getByRole('list', { name: 'Terminal messages' }).locator(':scope > li');

/** An agent whose posts carry a card image, posting to the terminal and X, made through the API. */
const createCardAgent = async (page: Page, origin: string) => {
  const created = await page.request.post('/api/agents', {
    headers: { Origin: origin },
    data: {
      name: 'Card Maker',
      description: 'Posts cards about AI',
      prompt: 'You write short posts about AI.',
      activities: ['post'],
      graphic: true,
      post_configuration: { topics: ['AI'], interval: 1440, clients: ['terminal', 'x'] },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Agent;
};

/** X refuses the next post whose text contains `marker` (the fake is shared by tests running side by side). */
const xRefusesNextPostWith = async (marker: string) => {
  const answer = await fetch(`${oauthFakeUrl('x')}/__x-api/refuse-posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ containing: marker, status: 403 }),
  });
  expect(answer.status).toBe(200);
};

test('a terminal entry copies its text, downloads its image, opens it large, and a post X refused is retried', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await signedInUser(page, 'terminal-actions');
  await connectXThenOpenDashboard(page);
  const agent = await createCardAgent(page, origin);
  await page.reload();
  const row = page.getByRole('listitem', { name: 'Card Maker' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  // Its entry is awaited in the Terminal below: on a loaded machine writing and drawing the card take a while.
  await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled({ timeout: 30_000 });

  // A post of the test's own words, which X refuses the first time.
  const marker = `retry-${Date.now()}`;
  await xRefusesNextPostWith(marker);
  const composed = await page.request.post(`/api/agents/${agent.id}/posts`, {
    headers: { Origin: origin },
    data: { text: `Launch notes for the week, ${marker}.` },
  });
  expect(composed.status()).toBe(201);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const refused = entries(page).filter({ hasText: marker });
  const refusedDeliveries = refused.getByRole('list', { name: 'Deliveries' });
  await expect(refusedDeliveries).toContainText('Not posted to X: X refused the post', { timeout: 15_000 });

  // Retry: the delivery goes out again, and the entry then shows it posted, with no Retry left.
  await refused.getByRole('button', { name: 'Retry posting to X' }).click();
  await expect(refusedDeliveries.getByText(/^Posted to X/)).toBeVisible({ timeout: 15_000 });
  await expect(refused.getByRole('link', { name: 'View on X' })).toHaveAttribute('href', /\/status\/\d+$/);
  await expect(refused.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  // Copy: the post's words, without the image's address.
  const card = entries(page).filter({ hasText: FAKE_MODEL_POST });
  await expect(card.getByRole('list', { name: 'Deliveries' })).toContainText('Posted to X', { timeout: 30_000 });
  await card.getByRole('button', { name: "Copy the post's text" }).click();
  await expect(card.getByRole('status')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${FAKE_MODEL_POST.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  expect(copied).not.toContain('/storage/');

  // Download: a file named after the agent and the day, the image's own bytes.
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download image' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^card-maker-\d{4}-\d{2}-\d{2}\.png$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  const shown = await page.request.get((await card.getByAltText("Image from Card Maker's post").getAttribute('src'))!);
  expect(Buffer.compare(bytes, await shown.body())).toBe(0);

  // Open large: a modal dialog with focus inside it; Escape closes it and focus is back on the image.
  const opener = card.getByRole('button', { name: 'Open the image large' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: "Image from Card Maker's post" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // On a phone the large image fits the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  await opener.click();
  const image = dialog.getByRole('img', { name: "Image from Card Maker's post" });
  await expect(image).toBeVisible();
  const box = (await image.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
