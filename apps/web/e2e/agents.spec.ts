import { expect, test, type Page } from '@playwright/test';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';
import { pdfFile, pngFile } from './support/files.ts';

const fillCoreFields = async (page: Page, name: string) => {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Calm notes on markets and AI');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short, data-first posts. No hype, no advice.');
};

test('create an agent with an image and a PDF; it shows in the list with its avatar and tags', async ({ page }) => {
  await signedInUser(page, 'creator');
  await expect(page.getByText('No agents created yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();

  await expect(page.getByRole('heading', { name: 'Create Agent' })).toBeVisible();
  for (const section of [
    'Core Details',
    'Content & Personality',
    'Training Data',
    'Behavior & Configuration',
    'Social Platforms & Credentials',
    'Post Configuration',
    'Chat Configuration',
  ]) {
    await expect(page.getByRole('group', { name: section, exact: true })).toBeVisible();
  }
  await fillCoreFields(page, 'Market Pulse');
  await page.getByLabel('Agent image').setInputFiles(await pngFile());
  await expect(page.getByAltText('Agent image preview')).toBeVisible();
  await page.getByLabel('Training files (PDF)').setInputFiles(await pdfFile());
  await page.getByRole('button', { name: '+ Add sample post' }).click();
  await page
    .getByLabel('Sample post 1', { exact: true })
    .fill('Rates up, tech down. Same story, new chapter. #markets');
  await page.getByLabel('Topics').fill('markets');
  await page.keyboard.press('Enter');
  await page.getByLabel('Memes').check();

  await page.getByRole('button', { name: 'Create Agent' }).click();

  await expect(page.getByText('Agent "Market Pulse" created successfully!')).toBeVisible();
  // Spec: back to the dashboard after 2 s, with the list reloaded.
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible({ timeout: 5000 });
  const row = page.getByRole('listitem', { name: 'Market Pulse' });
  await expect(row).toBeVisible();
  await expect(row.getByAltText('Market Pulse avatar')).toBeVisible();
  // Visible as soon as it has a box; the picture itself may still be on its way (CI read 0 once), so wait for it.
  await expect
    .poll(() => row.getByAltText('Market Pulse avatar').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(row.getByRole('list', { name: 'Tags' })).toHaveText(/Post\s*Chat\s*Meme/);
});

test('the form shows the spec’s validation messages beside the fields and keeps what was typed', async ({ page }) => {
  await signedInUser(page, 'validator');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  await page.getByLabel('Description', { exact: true }).fill('Kept after the failed attempt');
  // The X login is folded away (issue 41 §6): opened, one of its four fields filled, then folded again.
  const xLogin = page.getByText(AGENT_MESSAGES.xLoginTitle);
  await expect(page.getByLabel('X username')).toBeHidden();
  await xLogin.click();
  await page.getByLabel('X username').fill('only-the-username');
  await xLogin.click();
  await expect(page.getByLabel('X username')).toBeHidden();
  await page.getByLabel('Post interval (minutes)').fill('0');

  await page.getByRole('button', { name: 'Create Agent' }).click();

  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Prompt is required')).toBeVisible();
  // The refused save opens it again, with the spec's message and the typed value.
  await expect(
    page.getByText(
      'If you provide any Twitter credential, all Twitter fields must be filled (Username, Email, Password, and 2FA Secret)',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('X username')).toHaveValue('only-the-username');
  await expect(page.getByText('Topics are required when posting is enabled')).toBeVisible();
  await expect(page.getByText('Post interval is required and must be at least 1 minute')).toBeVisible();
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Kept after the failed attempt');

  // Turning posting off removes the Post Configuration section and its rules.
  await page.getByRole('group', { name: 'Activities' }).getByLabel('Post').uncheck();
  await expect(page.getByRole('group', { name: 'Post Configuration', exact: true })).toHaveCount(0);
});

test('edit an agent, then delete it after confirming in the page’s dialog', async ({ page }) => {
  await signedInUser(page, 'editor');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  await fillCoreFields(page, 'Draft Agent');
  await page.getByLabel('Topics').fill('AI');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create Agent' }).click();
  await expect(page.getByRole('listitem', { name: 'Draft Agent' })).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('listitem', { name: 'Draft Agent' }).getByTestId('avatar-placeholder')).toBeVisible();

  await page.getByRole('listitem', { name: 'Draft Agent' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Managed Agents' })).toBeVisible();
  for (const section of [
    'Basic Information',
    'AI Configuration',
    'Data & Activities',
    'Post Configuration',
    'Chat Configuration',
    'Twitter/X Credentials',
    'LinkedIn Integration',
    'Extra',
  ]) {
    await expect(page.getByRole('group', { name: section, exact: true })).toBeVisible();
  }
  await page.getByLabel('Name', { exact: true }).fill('Final Agent');
  await page.getByLabel('Graphics').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Agent updated successfully!')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Final Agent' }).getByRole('list', { name: 'Tags' })).toContainText(
    'Graphics',
  );

  await page.getByRole('button', { name: '← Back to dashboard' }).click();
  // Issue 41 §6: the spec's question in a dialog of the page that names the agent, not the browser's confirm.
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('listitem', { name: 'Final Agent' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Final Agent”?' });
  await expect(dialog).toContainText('Are you sure you want to delete this agent?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Agent deleted successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(browserDialogs).toEqual([]);
  await expect(page.getByRole('listitem', { name: 'Final Agent' })).toHaveCount(0);
  await expect(page.getByText('No agents created yet')).toBeVisible();
});

test('each agent shows when it next posts; turning posting off in its settings says it posts when triggered', async ({
  page,
}) => {
  await signedInUser(page, 'planner');
  const row = await createAgentInForm(page, { name: 'Hourly Agent' });
  // The default interval is an hour: the next post is an hour (and this agent's few minutes of jitter) away.
  await expect(row.getByTestId('next-post')).toHaveText(/^Next post (at )?.*\d:\d\d/);

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Posting enabled').uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Agent updated successfully!')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Hourly Agent' }).getByTestId('next-post')).toHaveText(
    'No scheduled posts: posts when triggered',
  );
  await page.getByRole('button', { name: '← Back to dashboard' }).click();
  await expect(page.getByRole('listitem', { name: 'Hourly Agent' }).getByTestId('next-post')).toHaveText(
    'No scheduled posts: posts when triggered',
  );
});
