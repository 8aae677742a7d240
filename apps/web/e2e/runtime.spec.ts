import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

test('Trigger shows "Triggering...", then the response, and the Terminal tab shows the post with its meme', async ({
  page,
}) => {
  await signedInUser(page, 'trigger');
  await createAgent(page, { name: 'Meme Machine', meme: true });
  const row = page.getByRole('listitem', { name: 'Meme Machine' });

  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('button', { name: 'Triggering...' })).toBeDisabled();

  await expect(page.getByText(`Agent triggered successfully! Response: ${FAKE_MODEL_POST}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const entry = page.getByRole('list', { name: 'Terminal messages' }).getByRole('listitem').first();
  await expect(entry).toContainText(FAKE_MODEL_POST);
  await expect(entry).not.toContainText('/storage/images/');
  const meme = entry.getByAltText("Image from Meme Machine's post");
  await expect(meme).toBeVisible();
  // Visible once laid out; its pixels arrive after (the file is read from storage).
  await expect.poll(() => meme.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1080);
});

test('the Terminal shows a run live, without a refresh', async ({ page }) => {
  await signedInUser(page, 'live');
  await createAgent(page, { name: 'Live Agent' });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(page.getByText('No terminal messages yet')).toBeVisible();

  // Trigger from outside this page (the API, as another tab would), and watch it arrive.
  const agentId = await page.evaluate(
    async () => ((await (await fetch('/api/agents')).json()) as { agents: { id: string }[] }).agents[0]?.id,
  );
  await page.evaluate(
    async (id) =>
      fetch(`/api/agents/${id}/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    agentId,
  );

  await expect(page.getByRole('list', { name: 'Terminal messages' })).toContainText(FAKE_MODEL_POST, {
    timeout: 15_000,
  });
});

test('a second user never sees the first user’s agents or messages', async ({ browser }) => {
  const first = await browser.newPage();
  await signedInUser(first, 'owner');
  await createAgent(first, { name: 'Private Agent' });
  await first.getByRole('listitem', { name: 'Private Agent' }).getByRole('button', { name: 'Trigger' }).click();
  await expect(first.getByText(/Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });
  const agentId = await first.evaluate(
    async () => ((await (await fetch('/api/agents')).json()) as { agents: { id: string }[] }).agents[0]?.id,
  );

  const second = await (await browser.newContext()).newPage();
  await signedInUser(second, 'other');
  await expect(second.getByText('No agents created yet')).toBeVisible();
  await second.getByRole('tab', { name: 'Terminal' }).click();
  await expect(second.getByText('No agents found for your account. Create an agent to see messages.')).toBeVisible();
  const answers = await second.evaluate(
    async (id) => [
      (await fetch(`/api/terminal?agent_id=${id}`)).status,
      (await fetch(`/api/agents/${id}/trigger`, { method: 'POST' })).status,
    ],
    agentId,
  );
  expect(answers).toEqual([404, 404]);
});
