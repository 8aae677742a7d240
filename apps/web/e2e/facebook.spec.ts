import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { connectFacebookPage } from './support/oauth.ts';

// Issue 35 §2: Facebook Login in the popup, then the Page the agents post to, chosen there.
const facebookPages = () =>
  (JSON.parse(process.env.E2E_FACEBOOK ?? '{}') as { pages: { id: string; name: string }[] }).pages;

test('Facebook connects on the Agent Builder with the Page chosen in the popup, and an agent’s post goes on it', async ({
  page,
}) => {
  test.slow();
  const [, garden] = facebookPages();
  await signedInUser(page, 'facebook-pages');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Facebook' });
  await expect(panel).toContainText('until Meta has reviewed it');

  // Back from Facebook with two Pages: the popup asks which one.
  await connectFacebookPage(page, 'Agentcast Garden');

  await page.goto('/dashboard');
  const row = await createAgent(page, {
    name: 'Page Poster',
    description: 'Posts on a Page',
    postTo: 'Facebook',
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const link = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .first()
    .getByRole('link', { name: 'View on Facebook' });
  await expect(link).toHaveAttribute('href', new RegExp(`^https://www\\.facebook\\.com/${garden?.id}/posts/\\d+$`), {
    timeout: 30_000,
  });
});
