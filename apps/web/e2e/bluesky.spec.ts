import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent, createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 33, Bluesky: connected once with a handle and an app password, chosen per agent, a triggered post reaches it.

type BlueskyFake = { baseUrl: string; accounts: { did: string; handle: string; appPassword: string }[] };
const fake = () => JSON.parse(process.env.E2E_BLUESKY ?? '{}') as BlueskyFake;
const account = (handle: string) => fake().accounts.find((candidate) => candidate.handle === handle)!;

/** The account's posts as Bluesky lists them (com.atproto.repo.listRecords on the fake PDS). */
const postsOf = async (did: string) => {
  const response = await fetch(
    `${fake().baseUrl}/xrpc/com.atproto.repo.listRecords?repo=${encodeURIComponent(did)}&collection=app.bsky.feed.post`,
  );
  const { records } = (await response.json()) as { records: { value: { text: string } }[] };
  return records.map((record) => record.value.text);
};

const fillBluesky = async (page: Page, handle: string, appPassword: string) => {
  const form = page.getByRole('group', { name: 'Connect Bluesky' });
  await form.getByLabel('Handle').fill(handle);
  await form.getByLabel('App password').fill(appPassword);
  await form.getByRole('button', { name: 'Connect Bluesky' }).click();
};

test('Bluesky connects on the Agent Builder with an app password, and an agent’s triggered post reaches it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const builder = account('agent-builder.bsky.social');
  await signedInUser(page, 'bluesky-builder');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Bluesky' });
  await panel.getByRole('button', { name: 'Connect Bluesky' }).click();
  await fillBluesky(page, builder.handle, 'wrong-wrong-wrong-wrong');
  await expect(panel.getByText('Bluesky did not accept this handle and app password.', { exact: false })).toBeVisible();

  await fillBluesky(page, `@${builder.handle}`, builder.appPassword);
  await expect(panel.getByTestId('bluesky-connection-state')).toHaveText(`Connected: @${builder.handle}`);
  // Outside the spec's three cards: their counter does not count it.
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();

  await page.goto('/dashboard');
  const row = await createAgent(page, { name: 'Butterfly', description: 'Posts to Bluesky', postTo: 'Bluesky' });

  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText('Posted to Bluesky', {
    timeout: 15_000,
  });
  await expect
    .poll(async () => (await postsOf(builder.did)).some((text) => text.startsWith(FAKE_MODEL_POST)))
    .toBe(true);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByRole('link', { name: /Bluesky/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`^https://bsky\\.app/profile/${builder.did}/post/`),
  );
});

test('an agent connects its own Bluesky account in its form; with review on, its draft shows a Bluesky preview and goes out once posted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const own = account('agent-form.bsky.social');
  await signedInUser(page, 'bluesky-form');
  await page.goto('/dashboard?view=create');
  const field = page.getByRole('group', { name: 'Bluesky connection' });
  await expect(field).toContainText('Not connected');
  await field.getByRole('button', { name: 'Connect Bluesky' }).click();
  await fillBluesky(page, own.handle, own.appPassword);
  await expect(field).toContainText(`Bluesky connected as @${own.handle}`);

  const row = await createAgentInForm(page, {
    name: 'Careful Butterfly',
    description: 'Posts to Bluesky after review',
    postTo: 'Bluesky',
    reviewBeforePosting: true,
    isFormOpen: true,
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/awaiting review in the Review tab/)).toBeVisible({ timeout: 15_000 });

  await page.getByRole('tab', { name: /^Review/ }).click();
  const card = page.getByRole('listitem', { name: 'Draft by Careful Butterfly' });
  const preview = card.getByRole('article', { name: 'Bluesky preview' });
  await expect(preview).toContainText(FAKE_MODEL_POST);
  await expect(preview.getByLabel(/^Bluesky: \d+ of 300 characters$/)).toBeVisible();
  expect(await postsOf(own.did)).toEqual([]);
  await card.getByRole('button', { name: 'Post now' }).click();
  // The agent's own account, connected in its form before it existed, is the one it posts with.
  await expect
    .poll(async () => (await postsOf(own.did)).filter((text) => text.startsWith(FAKE_MODEL_POST)).length)
    .toBe(1);
});
