import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// The server at E2E_SCHEDULING_URL runs schedules 60 times faster (a post interval of 1 minute lasts a second), its
// accounts on Enterprise: no daily limit, so the interval is kept rather than spread over the day (quotas.spec.ts).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

test('an agent with a 1-minute interval posts on its own into the terminal, every interval', async ({ page }) => {
  // Sign-up, the form and three slots: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signedInUser(page, 'scheduled');
  const row = await createAgent(page, { name: 'Clockwork', description: 'Posts on a schedule', interval: 1 });
  await expect(row.getByTestId('next-post')).toContainText('Next post');

  // Nobody triggers: the posts arrive live in the Terminal on their own.
  await page.getByRole('tab', { name: 'Terminal' }).click();
  // The entries themselves, not the lists nested in them (notes, deliveries).
  const entries = page.getByRole('list', { name: 'Terminal messages' }).locator(':scope > li');
  await expect
    .poll(() => entries.filter({ hasText: FAKE_MODEL_POST }).count(), { timeout: 45_000 })
    .toBeGreaterThanOrEqual(3);
  await expect(entries.filter({ hasText: FAKE_MODEL_POST }).first()).toContainText('scheduled');

  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  await expect(page.getByTestId('usage-summary')).toContainText('Enterprise plan');
});
