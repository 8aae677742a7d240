import { expect, test, type Page } from '@playwright/test';
import type { Agent } from '@agentcast/contracts/agents';
import { signedInUser } from './support/accounts.ts';

/** An agent whose posts the team and then the client approve, and two posts of it waiting for the team. */
const agencyWithDrafts = async (page: Page, texts: string[]) => {
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/agents', {
    headers: { origin },
    data: {
      name: 'Brand Voice',
      description: 'Writes for a client',
      prompt: 'You write short posts about AI.',
      activities: ['post'],
      approval: 'team_then_client',
      post_configuration: { topics: ['AI'], clients: ['terminal', 'x'], interval: 1440 },
    },
  });
  expect(made.status()).toBe(201);
  const agent = (await made.json()) as Agent;
  for (const text of texts) {
    const saved = await page.request.post(`/api/agents/${agent.id}/posts`, {
      headers: { origin },
      data: { text, draft: true },
    });
    expect(saved.status()).toBe(201);
  }
};

test('a draft is approved in two steps, the team’s in Review and the client’s on their link, who may also ask for changes', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'agency');
  const approveMe = `Approve me, client (${Date.now()}).`;
  const changeMe = `Change me, client (${Date.now()}).`;
  await agencyWithDrafts(page, [approveMe, changeMe]);

  // The team's step: both approved at once, and both wait for the client.
  await page.getByRole('tab', { name: /^Review/ }).click();
  const drafts = page.getByRole('list', { name: 'Drafts awaiting review' });
  await expect(drafts.getByRole('listitem', { name: 'Draft by Brand Voice' })).toHaveCount(2);
  await page.getByLabel(/^Select all/).check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  await expect(page.getByText(/2 of them now wait for the client/)).toBeVisible();
  const waiting = drafts.getByRole('listitem', { name: 'Draft by Brand Voice' }).filter({ hasText: changeMe });
  await expect(waiting.getByRole('list', { name: 'Approvals' })).toContainText('Team approved by');
  await expect(waiting.getByRole('list', { name: 'Approvals' })).toContainText('Waiting for the client');
  // Nothing of such an agent posts at once: the client approves last.
  await expect(waiting.getByRole('button', { name: 'Post now' })).toHaveCount(0);

  // An owner makes the client's link in Settings.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Client approval' });
  await section.getByLabel('Client name').fill('Acme');
  await section.getByRole('button', { name: 'Make a link' }).click();
  const link = await section.getByLabel('Approval link for Acme').inputValue();
  expect(link).toMatch(/\/approve\/[\w-]+$/);
  await expect(section.getByRole('list', { name: 'Client links' })).toContainText('Acme');

  // The client: no account, no cookie.
  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Posts for Acme to approve' })).toBeVisible();
  const posts = client.getByRole('list', { name: 'Posts waiting for your approval' });
  await expect(posts.getByRole('listitem', { name: 'Post by Brand Voice' })).toHaveCount(2);
  await posts.getByRole('listitem').filter({ hasText: approveMe }).getByRole('button', { name: 'Approve' }).click();
  await expect(client.getByText(/^Approved: it goes out as planned/)).toBeVisible();
  const toChange = posts.getByRole('listitem').filter({ hasText: changeMe });
  await toChange.getByRole('button', { name: 'Request changes' }).click();
  await toChange.getByLabel('What should change?').fill('Mention our spring launch.');
  await toChange.getByRole('button', { name: 'Send to the team' }).click();
  await expect(client.getByText('Nothing is waiting for your approval.')).toBeVisible();
  await context.close();

  // Back with the team: the approved one left Review, the other came back with the client's comment.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /^Review/ }).click();
  await expect(drafts.getByRole('listitem', { name: 'Draft by Brand Voice' })).toHaveCount(1);
  const back = drafts.getByRole('listitem', { name: 'Draft by Brand Voice' });
  await expect(back).toContainText(changeMe);
  await expect(back.getByRole('list', { name: 'Comments' })).toContainText('Acme asked for changes');
  await expect(back.getByRole('list', { name: 'Comments' })).toContainText('Mention our spring launch.');
  await expect(back.getByRole('list', { name: 'Approvals' })).toContainText('Then waits for the client');
});

test('a revoked or mistyped client link says it no longer works', async ({ page }) => {
  await page.goto('/approve/not-a-real-token');
  await expect(page.getByText(/This approval link no longer works/)).toBeVisible();
});
