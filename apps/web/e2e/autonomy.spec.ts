import { expect, test } from '@playwright/test';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { signedInUser } from './support/accounts.ts';
import { createAgent, createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

test('an agent created with one approval under "Review before posting" keeps it, says so on its row, and its trigger awaits review', async ({
  page,
}) => {
  await signedInUser(page, 'reviewer');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  const review = page
    .getByRole('group', { name: 'Behavior & Configuration', exact: true })
    .getByRole('group', { name: 'Review before posting', exact: true });
  // Off unless the person asks: the spec's flows are unchanged for everyone else.
  await expect(review.getByRole('radio', { name: 'Off', exact: true })).toBeChecked();
  await expect(review.getByRole('radio', { name: 'One approval', exact: true })).not.toBeChecked();
  await page.getByRole('button', { name: '← Back to dashboard' }).click();

  const row = await createAgentInForm(page, { name: 'Careful Agent', reviewBeforePosting: true });
  await expect(row.getByRole('list', { name: 'Tags' })).toContainText('Reviews posts');
  const saved = await page.evaluate(
    async () => ((await (await fetch('/api/agents')).json()) as { agents: { approval: string }[] }).agents[0],
  );
  expect(saved?.approval).toBe('one');

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('radio', { name: 'One approval', exact: true })).toBeChecked();
  await page.getByRole('button', { name: '← Back to dashboard' }).click();

  await page.getByRole('listitem', { name: 'Careful Agent' }).getByRole('button', { name: 'Trigger' }).click();
  // The fake model adds a varying tail to its post (no two posts alike): the banner starts with it and ends so.
  const banner = page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  // The contract's suffix has no regular-expression characters.
  await expect(banner).toHaveText(new RegExp(`${DRAFT_MESSAGES.triggeredForReview('')}$`));
});

test('turning review off in the edit form is saved', async ({ page }) => {
  await signedInUser(page, 'unreviewer');
  const row = await createAgent(page, { name: 'Loosened Agent', reviewBeforePosting: true });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page
    .getByRole('group', { name: 'Review before posting', exact: true })
    .getByRole('radio', { name: 'Off', exact: true })
    .check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Agent updated successfully!')).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Loosened Agent' }).getByRole('list', { name: 'Tags' }),
  ).not.toContainText('Reviews posts');
  const saved = await page.evaluate(
    async () => ((await (await fetch('/api/agents')).json()) as { agents: { approval: string }[] }).agents[0],
  );
  expect(saved?.approval).toBe('none');
});

test('Pause on the AgentBoard row stops the agent, its trigger is refused with the reason, and Resume plans again', async ({
  page,
}) => {
  await signedInUser(page, 'pauser');
  const row = await createAgent(page, { name: 'Resting Agent' });
  const nextPost = row.getByTestId('next-post');
  await expect(nextPost).toHaveText(/^Next post (at )?.*\d:\d\d/);

  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(nextPost).toHaveText('Paused — resume to post');
  await expect(row.getByRole('button', { name: 'Resume' })).toBeEnabled();
  const paused = await page.evaluate(
    async () => ((await (await fetch('/api/agents')).json()) as { agents: { paused: boolean }[] }).agents[0],
  );
  expect(paused?.paused).toBe(true);

  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(`Failed to trigger agent: ${DRAFT_MESSAGES.paused}`, { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/Agent triggered successfully!/)).toHaveCount(0);

  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByRole('button', { name: 'Pause' })).toBeEnabled();
  await expect(nextPost).toHaveText(/^Next post (at )?.*\d:\d\d/);
});
