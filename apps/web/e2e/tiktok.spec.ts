import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';
import { connectInPopup } from './support/oauth.ts';

// Issue 35 §3: TikTok through the operator's app, which TikTok has not audited: posts go out private, and it says so.
test('TikTok connects on the Agent Builder, says its posts go out private, and an agent’s picture post goes out privately', async ({
  page,
}) => {
  test.slow();
  await signedInUser(page, 'tiktok-maker');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'TikTok' });
  await expect(panel).toContainText('posts go out private (only the account sees them)');
  await connectInPopup(page, 'Connect TikTok');
  await expect(panel.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(panel).toContainText('@ada.makes');

  await page.goto('/dashboard');
  const row = await createAgentInForm(page, {
    name: 'Clip Maker',
    description: 'Short posts with a picture',
    postTo: 'TikTok',
    meme: true,
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const deliveries = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .first()
    .getByRole('list', { name: 'Deliveries' });
  await expect(deliveries.getByText(/^Posted to TikTok/)).toBeVisible({ timeout: 60_000 });
  await expect(deliveries.getByRole('link', { name: 'View on TikTok' })).toHaveAttribute(
    'href',
    'https://www.tiktok.com/@ada.makes',
  );
});
