import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';

/**
 * Issue 41 §1: with X not connected, no screen says a post went out. The agent keeps the spec's default clients
 * (Terminal and X); this person never connected X.
 */
test('with X not connected, the trigger, the Calendar and Review say the post stayed in the Terminal, and why', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signedInUser(page, 'truthful');
  const row = await createAgent(page, { name: 'Unconnected Poster' });

  await row.getByRole('button', { name: 'Trigger' }).click();
  const banner = page.getByText(/^Agent triggered successfully! Response: /);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('— shown in the Terminal only: X is not connected');
  const progress = row.getByRole('list', { name: 'Trigger progress' });
  await expect(progress).toContainText('Not posted — X is not connected');
  await expect(progress).not.toContainText('Publishing to X');
  await expect(progress).not.toContainText('Posted to X');

  await page.getByRole('tab', { name: 'Calendar' }).click();
  const entry = page.getByRole('listitem', { name: /^Unconnected Poster: Not posted, / });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Not posted: no X account connected');
  await expect(entry.getByRole('link', { name: 'Connect X' })).toHaveAttribute('href', '/agent-builder');
  await expect(page.getByRole('listitem', { name: /^Unconnected Poster: Published, / })).toHaveCount(0);

  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  const reviewed = await createAgent(page, { name: 'Unconnected Reviewer', reviewBeforePosting: true });
  await reviewed.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/awaiting review in the Review tab/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: /^Review/ }).click();
  const card = page.getByRole('listitem', { name: 'Draft by Unconnected Reviewer' });
  await expect(card.getByText('Will not go to X: X is not connected.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Connect X' })).toBeVisible();
  await card.getByRole('button', { name: 'Post now' }).click();
  await expect(
    page.getByText("Approved: Unconnected Reviewer's post is shown in the Terminal only: X is not connected."),
  ).toBeVisible();
});
