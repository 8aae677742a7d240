import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { connectInPopup } from './support/oauth.ts';

// Issue 35 §3: TikTok through the operator's app, which TikTok has not audited: posts go out private, and it says so;
// the draft shows what TikTok says the post goes out with before anyone approves it, as TikTok requires.
test('TikTok connects on the Agent Builder, says its posts go out private, shows the account’s settings on the draft, and the approved picture post goes out privately', async ({
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
  const row = await createAgent(page, {
    name: 'Clip Maker',
    description: 'Short posts with a picture',
    postTo: 'TikTok',
    meme: true,
    reviewBeforePosting: true,
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await page.getByRole('tab', { name: /^Review/ }).click();
  const card = page.getByRole('listitem', { name: 'Draft by Clip Maker' });
  const settings = card.getByRole('region', { name: 'TikTok posting settings' });
  await expect(settings).toContainText('Posting as Ada Lovelace @ada.makes', { timeout: 60_000 });
  await expect(settings.getByTestId('tiktok-privacy-level')).toHaveText('Only you');
  await expect(settings.getByTestId('tiktok-comments')).toHaveText('On');
  await expect(settings.getByRole('link', { name: 'Music Usage Confirmation' })).toBeVisible();
  await card.getByRole('button', { name: 'Post now' }).click();
  await expect(page.getByText(/^Approved: Clip Maker's post/)).toBeVisible();
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
