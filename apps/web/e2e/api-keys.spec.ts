import { expect, test } from '@playwright/test';
import { API_KEY_MESSAGES } from '@agentcast/contracts/api-keys';
import { signedInUser } from './support/accounts.ts';

test('a person creates an API key in Settings, a program uses it, and revoking it stops the program at once', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signedInUser(page, 'keyholder');
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet.')).toBeVisible();

  await section.getByLabel('Key name').fill('Nightly report');
  await section.getByLabel('Access').selectOption('read-write');
  await section.getByLabel('Expires').selectOption('30');
  await section.getByRole('button', { name: 'Create API key' }).click();

  // Shown once, with a copy button that puts exactly the key on the clipboard.
  await expect(section.getByRole('status')).toContainText(API_KEY_MESSAGES.shownOnce);
  const key = (await section.getByLabel('New API key').textContent())!;
  expect(key).toMatch(/^agc_/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await section.getByRole('button', { name: 'I have copied it' }).click();
  await expect(section.getByLabel('New API key')).toHaveCount(0);

  const row = section.getByRole('listitem', { name: 'Nightly report' });
  await expect(row).toContainText('Read and write');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('Expires');
  await expect(row).toContainText(key.slice(0, 8));
  await expect(row).not.toContainText(key);

  // A program, with the key and nothing else.
  const asProgram = () => fetch(new URL('/api/agents', baseURL), { headers: { authorization: `Bearer ${key}` } });
  expect((await asProgram()).status).toBe(200);
  await page.reload();
  await expect(row).toContainText('Last used');

  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Revoke key' }).click();
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  const refused = await asProgram();
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(API_KEY_MESSAGES.invalidKey);
});

test('a nameless key is refused beside the name field', async ({ page }) => {
  await signedInUser(page, 'keyless');
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'API keys' });
  await section.getByRole('button', { name: 'Create API key' }).click();
  await expect(section.getByLabel('Key name')).toHaveAccessibleDescription(
    new RegExp(API_KEY_MESSAGES.nameRequired.replace(/[.,]/g, '.')),
  );
  await expect(section.getByText('No API keys yet.')).toBeVisible();
});
