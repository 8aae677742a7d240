import { expect, test, type Locator, type Page } from '@playwright/test';
import { PLANS } from '@agentcast/contracts/plans';
import { MORE_POSTS_HELP, QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import { signedInUser } from './support/accounts.ts';

// Issue 41 §3 as a person meets it on Starter (2 posts a day). The viewer's zone is UTC, like the account's once the
// browser has sent it: the spread's 09:00 and 15:00 read the same in the form, the Calendar and the refusal.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const starter = PLANS.find((plan) => plan.id === 'starter')!;
const NAME = 'Hourly Writer';
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/quotas';

/** The thing at 1280 px and at 375 px, as PNGs to look at (issue 41 asks for both widths). */
const shoot = async (page: Page, target: Locator, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('an hourly agent on Starter posts twice a day at spread times, and a third trigger says when the next goes out', async ({
  page,
}) => {
  // Three runs of the fake model, and screenshots at two widths.
  test.setTimeout(90_000);
  await signedInUser(page, 'spread');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The form says beside the interval what 60 minutes means on Starter (60 is the default).
  await page
    .getByRole('button', { name: /^(\+ Create New Agent|Create Your First Agent)$/ })
    .first()
    .click();
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByLabel('Description', { exact: true }).fill('Writes about AI every hour');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short posts about AI.');
  await page.getByLabel('Topics').fill('AI');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Post interval (minutes)')).toHaveValue('60');
  // (The membership gate's note is a note too.)
  const note = page.getByRole('note').filter({ hasText: 'times a day' });
  await expect(note).toHaveText(`${QUOTA_MESSAGES.spreadNote(starter, ['09:00', '15:00'], 1)} ${MORE_POSTS_HELP}`);
  await shoot(page, page.getByRole('group', { name: 'Post Configuration' }), 'form-note');
  // Twice a day fits the plan: nothing to say.
  await page.getByLabel('Post interval (minutes)').fill('720');
  await expect(note).toHaveCount(0);
  await page.getByLabel('Post interval (minutes)').fill('60');
  await expect(note).toBeVisible();
  await page.getByRole('button', { name: 'Create Agent' }).click();
  const row = page.getByRole('listitem', { name: NAME });
  await expect(row).toBeVisible({ timeout: 15_000 });

  // The Calendar: two posts a day, not 22 skipped slots.
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const planned = (label: string) => page.getByRole('listitem', { name: new RegExp(`^${NAME}: ${label}, `) });
  await expect(planned('Posts').first()).toBeVisible();
  expect(await planned('Posts').count()).toBeGreaterThanOrEqual(13);
  expect(await planned('Posts').count()).toBeLessThanOrEqual(14);
  await expect(planned('Skipped')).toHaveCount(0);
  const times = await planned('Posts').locator('time').allTextContents();
  expect(new Set(times)).toEqual(new Set(['9:00 AM', '3:00 PM']));
  await shoot(page, page.getByRole('list', { name: 'Days' }), 'calendar');

  // Two triggers use today's posts; the third is refused saying when the next goes out, and how to get more.
  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  for (let index = 0; index < starter.limits.postsPerDay!; index++) {
    await row.getByRole('button', { name: 'Trigger' }).click();
    // It reads "Triggering..." while the run goes on.
    await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled({ timeout: 15_000 });
  }
  await expect(page.getByTestId('usage-summary')).toContainText('Today: 2 of 2 posts');
  await expect(page.getByTestId('usage-summary')).toContainText(MORE_POSTS_HELP);
  await row.getByRole('button', { name: 'Trigger' }).click();
  const refusal = page.getByText(
    "Failed to trigger agent: Today's 2 posts are used (Starter). The next goes out tomorrow at 09:00.",
    { exact: true },
  );
  await expect(refusal).toBeVisible({ timeout: 15_000 });
  const banner = page.getByRole('alert').filter({ has: refusal });
  await expect(banner).toContainText(MORE_POSTS_HELP);
  await expect(page.getByText(/Skipped: Skipped:|Failed to trigger agent: Failed to trigger agent:/)).toHaveCount(0);
  await shoot(page, banner, 'refusal');

  // The AgentBoard and the Calendar name the same next post: tomorrow's 09:00.
  await expect(row.getByTestId('next-post')).toContainText('9:00 AM');
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const legend = page.getByRole('list', { name: 'Agents on the calendar' }).getByRole('listitem', { name: NAME });
  await expect(legend).toContainText('9:00 AM');
});
