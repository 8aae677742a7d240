import { expect, test } from '@playwright/test';
import { PLANS } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { signedInUser } from './support/accounts.ts';
import { createAgent, createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { connectXThenOpenDashboard } from './support/oauth.ts';

const starter = PLANS.find((plan) => plan.id === 'starter')!;

test('the dashboard shows the plan’s daily posts being used, and a post over the quota is skipped with a note', async ({
  page,
}) => {
  await signedInUser(page, 'quota');
  await expect(page.getByTestId('usage-summary')).toHaveText(
    'Starter plan · Today: 0 of 2 posts · 0 of 50 replies · resets at midnight UTC',
  );

  const row = await createAgent(page, { name: 'Quota Agent' });

  for (let index = 0; index < starter.limits.postsPerDay!; index++) {
    await row.getByRole('button', { name: 'Trigger' }).click();
    await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled({ timeout: 15_000 });
  }
  // Read again after each run, without reloading the page.
  await expect(page.getByTestId('usage-summary')).toContainText('Today: 2 of 2 posts');

  await page.getByRole('listitem', { name: 'Quota Agent' }).getByRole('button', { name: 'Trigger' }).click();
  // Issue 15 §7: a skipped trigger is a failure, with the reason; issue 41: it says when the agent posts next.
  await expect(
    page.getByText(/^Failed to trigger agent: Today's 2 posts are used \(Starter\)\. The next goes out /),
  ).toBeVisible({ timeout: 15_000 });

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const latest = page.getByRole('list', { name: 'Terminal messages' }).getByRole('listitem').first();
  await expect(latest).toContainText(PUBLISHING_MESSAGES.overPostQuota(starter));
});

test('with X connected on the agent builder, a triggered post goes out to X and the terminal links to it', async ({
  page,
}) => {
  await signedInUser(page, 'publisher');
  await connectXThenOpenDashboard(page);
  // X is among the clients of a new agent by default (spec §9).
  const row = await createAgent(page, { name: 'X Poster', description: 'Posts to X' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`)).toBeVisible({
    timeout: 15_000,
  });

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const deliveries = page
    .getByRole('list', { name: 'Terminal messages' })
    .getByRole('listitem')
    .first()
    .getByRole('list', { name: 'Deliveries' });
  // Live: the entry moves from ready to posted without a reload.
  await expect(deliveries.getByText(/^Posted to X/)).toBeVisible({ timeout: 15_000 });
  await expect(deliveries.getByRole('link', { name: 'View on X' })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/.+\/status\/\d+$/,
  );

  // Taken back: asked first, then deleted from X; the entry stays, marked deleted, without its link.
  await deliveries.getByRole('button', { name: 'Delete from X' }).click();
  const confirm = deliveries.getByRole('group', { name: 'Delete from X?' });
  await expect(confirm).toContainText('Delete this post from X? It stays here, marked deleted.');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(deliveries.getByText(/^Posted to X/)).toBeVisible();
  await deliveries.getByRole('button', { name: 'Delete from X' }).click();
  await deliveries.getByRole('group', { name: 'Delete from X?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(deliveries.getByText(/^Deleted from X \w{3} \d+, \d{4}/)).toBeVisible();
  await expect(deliveries.getByRole('link', { name: 'View on X' })).toHaveCount(0);
  await expect(deliveries.getByRole('button', { name: 'Delete from X' })).toHaveCount(0);

  // The cost meter on the AgentBoard: X billed the post (deleting it later does not refund it).
  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  const meter = page.getByTestId('cost-meter');
  await expect(meter).toContainText('Platform costs this month: $0.015');
  await meter.getByText(/^Platform costs this month/).click();
  await expect(meter.getByRole('list', { name: 'Platform costs by agent' })).toHaveText(
    'X Poster: $0.015 — 1 post on X',
  );
});

test('a monthly budget set in the form stops posts to X once reached, with a banner, and raising it resumes them', async ({
  page,
}) => {
  await signedInUser(page, 'budget');
  await connectXThenOpenDashboard(page);

  // A budget below the price of one post: the first post to X is already refused.
  const row = await createAgentInForm(page, { name: 'Thrifty', monthlyBudget: '0.01' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/^Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const deliveries = page
    .getByRole('list', { name: 'Terminal messages' })
    .getByRole('listitem')
    .first()
    .getByRole('list', { name: 'Deliveries' });
  await expect(deliveries).toContainText('monthly budget of $0.01 is reached', { timeout: 15_000 });

  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Thrifty has reached its monthly budget of $0.01' }),
  ).toBeVisible();

  // Raised in the edit form: the next trigger posts, and the banner goes.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Monthly platform budget (USD)')).toHaveValue('0.01');
  await page.getByLabel('Monthly platform budget (USD)').fill('5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(row).toBeVisible({ timeout: 5000 });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/^Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Thrifty has reached' })).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(deliveries.getByText(/^Posted to X/)).toBeVisible({ timeout: 15_000 });
});
