import { expect, test } from '@playwright/test';
import { PLANS } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

const starter = PLANS.find((plan) => plan.id === 'starter')!;

// The server at E2E_SCHEDULING_URL runs schedules 60 times faster: a post interval of 1 minute lasts a second.
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

test('an agent with a 1-minute interval posts on its own into the terminal until the day’s posts are used', async ({
  page,
}) => {
  await signedInUser(page, 'scheduled');
  await createAgentInForm(page, { name: 'Clockwork', description: 'Posts on a schedule', interval: 1 });

  // Nobody triggers: the posts arrive live in the Terminal on their own.
  await page.getByRole('tab', { name: 'Terminal' }).click();
  // The entries themselves, not the lists nested in them (notes, deliveries).
  const entries = page.getByRole('list', { name: 'Terminal messages' }).locator(':scope > li');
  await expect(entries.filter({ hasText: FAKE_MODEL_POST })).toHaveCount(starter.limits.postsPerDay!, {
    timeout: 20_000,
  });
  await expect(entries.filter({ hasText: FAKE_MODEL_POST }).first()).toContainText('scheduled');
  // Then the Starter plan's day is used: one note says so, and no more posts come.
  await expect(entries.filter({ hasText: PUBLISHING_MESSAGES.overPostQuota(starter) })).toHaveCount(1, {
    timeout: 10_000,
  });
  await page.waitForTimeout(2000);
  await expect(entries.filter({ hasText: FAKE_MODEL_POST })).toHaveCount(starter.limits.postsPerDay!);
  await expect(entries.filter({ hasText: PUBLISHING_MESSAGES.overPostQuota(starter) })).toHaveCount(1);

  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  await expect(page.getByTestId('usage-summary')).toContainText('Today: 2 of 2 posts');
});
