import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ANALYTICS_CSV_COLUMNS, ANALYTICS_MESSAGES } from '@agentcast/contracts/analytics';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { expectEveryControlReachedByTab } from './support/keyboard.ts';
import { connectXThenOpenDashboard } from './support/oauth.ts';

// India keeps one offset all year (UTC+5:30, 330 minutes east), so the offset the tab sends is known whatever the
// date, and a half hour proves it is not rounded.
test.use({ timezoneId: 'Asia/Kolkata' });

const CHART_CHUNK = /\/assets\/analytics-charts-[\w-]+\.js$/;

/** One CSV record's cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
const csvCells = (line: string) =>
  [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) =>
    match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? ''),
  );

test('a post to X is counted on the Analytics tab, which narrows by period and agent and downloads the same as CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const chartChunkRequests: string[] = [];
  page.on('request', (request) => {
    if (CHART_CHUNK.test(request.url())) chartChunkRequests.push(request.url());
  });

  await signedInUser(page, 'analytics');
  await connectXThenOpenDashboard(page);
  const counted = await createAgent(page, { name: 'Counted', description: 'Posts to X' });
  // A second agent that never runs: its own figures are empty.
  await createAgent(page, { name: 'Quiet' });
  await counted.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/^Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Terminal messages' })
      .getByRole('listitem')
      .first()
      .getByText(/^Posted to X/),
  ).toBeVisible({ timeout: 15_000 });
  expect(chartChunkRequests, 'the chart library loads with the Analytics tab only').toEqual([]);

  // All agents, the last 30 days, days and hours as the viewer lives them.
  const firstRead = page.waitForRequest((request) => request.url().endsWith('/api/analytics?days=30&tz_offset=330'));
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=analytics$/);
  await firstRead;
  // ICU names the zone by its older name in some versions.
  await expect(page.getByText(/^Days and hours in Asia\/(Kolkata|Calcutta)$/)).toBeVisible();
  const totals = page.getByRole('list', { name: 'By platform' });
  await expect(totals).toHaveText('X: 1 post · 0 engagements');

  // Read within the hour after posting: counted, its metrics not in yet.
  const best = page.getByRole('list', { name: 'Best posts' }).getByRole('listitem');
  await expect(best).toHaveCount(1);
  await expect(best).toContainText(FAKE_MODEL_POST);
  await expect(best).toContainText(/Counted · X · \w{3} \d+, \d{4}/);
  await expect(best).toContainText('Metrics not read yet');
  await expect(best.getByRole('link', { name: 'View on X (opens in a new tab)' })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/.+\/status\/\d+$/,
  );
  const hourly = page.getByRole('figure', { name: 'Engagement by hour of day' });
  await expect(hourly).toHaveAccessibleDescription(
    /^No engagement recorded yet\. Most posts went out at .+ \(1 post\)\.$/,
  );
  // The charts are drawn, from the chunk fetched once the tab opened.
  await expect(page.getByRole('figure', { name: 'Posts and engagement per day' }).locator('svg').first()).toBeVisible();
  await expect(hourly.locator('svg').first()).toBeVisible();
  expect(chartChunkRequests).toHaveLength(1);

  // The period: the post is a minute old, so the last 7 days count it too.
  const period = page.getByRole('group', { name: 'Period' });
  const weekRead = page.waitForRequest((request) => request.url().includes('/api/analytics?days=7&tz_offset=330'));
  await period.getByRole('button', { name: '7 days' }).click();
  await weekRead;
  await expect(period.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(totals).toHaveText('X: 1 post · 0 engagements');

  // The agent: the quiet one has published nothing.
  await page.getByLabel('Agent').selectOption({ label: 'Quiet' });
  await expect(page.getByText(ANALYTICS_MESSAGES.empty)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await page.getByLabel('Agent').selectOption({ label: 'Counted' });
  await expect(totals).toHaveText('X: 1 post · 0 engagements');

  // Everything on the tab is reached by keyboard, with a visible focus ring.
  await expectEveryControlReachedByTab(page);

  // The CSV of what is shown: this agent, 7 days; the browser downloads it with the session cookie.
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute(
    'href',
    /^\/api\/analytics\/export\.csv\?agent_id=[\w-]+&days=7&tz_offset=330$/,
  );
  const downloading = page.waitForEvent('download');
  await csvLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rows = (await readFile((await download.path()) as string, 'utf8')).trim().split(/\r?\n/);
  expect(csvCells(rows[0] ?? '')).toEqual([...ANALYTICS_CSV_COLUMNS]);
  expect(rows).toHaveLength(2);
  const post = Object.fromEntries(
    ANALYTICS_CSV_COLUMNS.map((column, index) => [column, csvCells(rows[1] ?? '')[index]]),
  );
  expect(post).toMatchObject({ agent: 'Counted', platform: 'x' });
  expect(post.url).toMatch(/^https:\/\/x\.com\/.+\/status\/\d+$/);
  expect(post.text).toContain(FAKE_MODEL_POST);
  expect(new Date(post.published_at ?? '').getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
});
