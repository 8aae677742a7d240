import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';

// Issue 41 §5/§6: the Create Agent form, the edit form, the Agent Builder and the delete dialog at a desktop's
// and a phone's width: nothing sticks out sideways, and a screenshot of each to look at.

const expectNoHorizontalScroll = async (page: Page, width: number) => {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth, `scrollWidth of ${page.url()}`).toBeLessThanOrEqual(width);
};

const shoot = async (page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) => {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
};

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 740 } });

    test('the agent forms, the Agent Builder and the delete dialog fit', async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      await signedInUser(page, `screens-${width}`);
      const row = await createAgent(page, { name: 'Screen Agent' });

      await page.goto('/dashboard?view=create');
      const postTo = page.getByRole('group', { name: 'Post to' });
      await expect(postTo.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
      await postTo.getByLabel('YouTube').check();
      await page.getByText(AGENT_MESSAGES.xLoginTitle).click();
      await expect(page.getByLabel('X username')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page, width);
      await shoot(page, testInfo, `create-agent-${width}`);

      await page.goto('/dashboard');
      await row.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('group', { name: 'Pause or resume' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page, width);
      await shoot(page, testInfo, `edit-agent-${width}`);

      await page.goto('/agent-builder');
      await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page, width);
      await shoot(page, testInfo, `agent-builder-${width}`);

      await page.goto('/dashboard');
      await row.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete “Screen Agent”?' })).toBeVisible();
      await expectNoHorizontalScroll(page, width);
      await shoot(page, testInfo, `delete-dialog-${width}`, { fullPage: false });
    });
  });
}
