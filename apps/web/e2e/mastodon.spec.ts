import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent, createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { connectInPopup } from './support/oauth.ts';

// Issue 33, Mastodon: the person names their instance, authorizes in its own window, and a triggered post reaches it.

type Instance = { baseUrl: string; account: string };
const instance = (name: 'agent-builder' | 'agent-form') =>
  (JSON.parse(process.env.E2E_MASTODON ?? '{}') as Record<string, Instance>)[name]!;

/** The instance's statuses (the fake's own view, for a test in another process). */
const statusesOn = async ({ baseUrl }: Instance) =>
  (await (await fetch(`${baseUrl}/__fake/statuses`)).json()) as { text: string; inReplyToId: string | null }[];

test('Mastodon connects on the Agent Builder on the person’s instance, and an agent’s triggered post reaches it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const home = instance('agent-builder');
  await signedInUser(page, 'mastodon-builder');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Mastodon' });
  await panel.getByRole('button', { name: 'Connect Mastodon' }).click();
  const form = panel.getByRole('group', { name: 'Connect Mastodon' });
  await form.getByLabel('Instance').fill('not an address');
  await form.getByRole('button', { name: 'Connect Mastodon' }).click();
  await expect(form.getByText('Enter the instance’s address, such as mastodon.social')).toBeVisible();

  await form.getByLabel('Instance').fill(home.baseUrl);
  await connectInPopup(page, 'Connect Mastodon', 'Authorize');
  const host = new URL(home.baseUrl).host;
  await expect(panel.getByTestId('mastodon-connection-state')).toHaveText(`Connected: @${home.account}@${host}`);
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();

  await page.goto('/dashboard');
  const row = await createAgent(page, { name: 'Fediverse Voice', description: 'Toots', postTo: 'Mastodon' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText('Posted to Mastodon', {
    timeout: 15_000,
  });
  await expect.poll(async () => (await statusesOn(home)).length).toBe(1);
  expect((await statusesOn(home))[0]?.text).toContain(FAKE_MODEL_POST);
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByRole('link', { name: /Mastodon/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`^${home.baseUrl}/@${home.account}/\\d+$`),
  );
});

test('an agent connects its own Mastodon account in its form', async ({ page }) => {
  test.setTimeout(60_000);
  const home = instance('agent-form');
  await signedInUser(page, 'mastodon-form');
  await page.goto('/dashboard?view=create');
  const field = page.getByRole('group', { name: 'Mastodon connection' });
  await expect(field).toContainText('Not connected');
  await field.getByRole('button', { name: 'Connect Mastodon' }).click();
  await field.getByLabel('Instance').fill(home.baseUrl);
  await connectInPopup(page, 'Connect Mastodon', 'Authorize');
  await expect(field).toContainText(`Mastodon connected as @${home.account}@${new URL(home.baseUrl).host}`);

  const row = await createAgentInForm(page, {
    name: 'Own Instance',
    description: 'Posts to Mastodon',
    postTo: 'Mastodon',
    isFormOpen: true,
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText('Posted to Mastodon', {
    timeout: 15_000,
  });
  await expect.poll(async () => (await statusesOn(home)).length).toBe(1);
});
