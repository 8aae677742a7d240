import { expect, test, type Locator } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 33, Farcaster: a key approved in the person's Farcaster app (by its link or QR code), chosen per agent, a
// triggered cast reaches the network, in the agent's channel.

const neynar = () => (JSON.parse(process.env.E2E_NEYNAR ?? '{}') as { baseUrl: string }).baseUrl;
const castsBy = async (fid: number) =>
  (
    (await (await fetch(`${neynar()}/__fake/casts`)).json()) as {
      text: string;
      author: { fid: number };
      channel: { id: string } | null;
    }[]
  ).filter((cast) => cast.author.fid === fid);

/** The person approves on their phone: the key named by the approval link the page shows. */
const approveOnPhone = async (flow: Locator, account: { fid: number; username: string }) => {
  const link = await flow.getByRole('link', { name: 'Open in Farcaster' }).getAttribute('href');
  const uuid = new URL(link ?? '').pathname.split('/').at(-1);
  await fetch(`${neynar()}/__fake/signers/${uuid}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
};

test('Farcaster connects on the Agent Builder by a key approved in the Farcaster app, and an agent’s triggered cast goes out', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const account = { fid: 31337, username: 'builder-caster' };
  await signedInUser(page, 'farcaster-builder');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Farcaster' });
  await panel.getByRole('button', { name: 'Connect Farcaster' }).click();
  const flow = panel.getByRole('group', { name: 'Connect Farcaster' });
  await expect(flow.getByRole('img', { name: 'QR code of the Farcaster approval link' })).toBeVisible();
  await expect(flow.getByRole('status')).toHaveText('Waiting for approval…');
  await approveOnPhone(flow, account);
  await expect(panel.getByTestId('farcaster-connection-state')).toHaveText('Connected: @builder-caster');
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();

  await page.goto('/dashboard');
  const row = await createAgent(page, {
    name: 'Caster',
    description: 'Casts',
    postTo: 'Farcaster',
    farcasterChannel: '/ai',
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('list', { name: 'Trigger progress' })).toContainText('Posted to Farcaster', {
    timeout: 15_000,
  });
  await expect.poll(async () => (await castsBy(account.fid)).length).toBe(1);
  expect((await castsBy(account.fid))[0]).toMatchObject({ channel: { id: 'ai' } });
  expect((await castsBy(account.fid))[0]?.text).toContain(FAKE_MODEL_POST);
});

test('an agent connects its own Farcaster account in its form', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInUser(page, 'farcaster-form');
  await page.goto('/dashboard?view=create');
  const field = page.getByRole('group', { name: 'Farcaster connection' });
  await field.getByRole('button', { name: 'Connect Farcaster' }).click();
  const flow = field.getByRole('group', { name: 'Connect Farcaster' });
  await expect(flow.getByRole('status')).toHaveText('Waiting for approval…');
  await approveOnPhone(flow, { fid: 31338, username: 'form-caster' });
  await expect(field).toContainText('Farcaster connected as @form-caster');
});
