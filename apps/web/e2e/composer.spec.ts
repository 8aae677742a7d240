import { expect, test, type Page } from '@playwright/test';
import type { Agent } from '@agentcast/contracts/agents';
import { signedInUser } from './support/accounts.ts';
import { pngFile } from './support/files.ts';

// Issue 41 §7, the composer as a person uses it: platforms chosen, a text of LinkedIn's own, saved as a draft.

const createAgent = async (page: Page, name: string, clients: string[]) => {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/agents', {
    headers: { origin },
    data: {
      name,
      description: 'Writes about AI',
      prompt: 'You write short posts about AI.',
      activities: ['post'],
      post_configuration: { topics: ['AI'], clients, interval: 1440 },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Agent;
};

test('a post with a different LinkedIn text is saved as a draft and waits in Review with both texts', async ({
  page,
}) => {
  await signedInUser(page, 'composer-draft');
  await createAgent(page, 'Two Voices', ['terminal', 'x', 'linkedin']);
  await page.goto('/dashboard?tab=review');
  await page.getByRole('button', { name: 'Write a post' }).click();
  const form = page.getByRole('region', { name: 'Write a post' });
  await expect(form.getByRole('heading', { name: 'Write a post' })).toBeFocused();

  // Both of the agent's platforms are ticked; at least one must stay.
  const x = form.getByRole('checkbox', { name: 'X' });
  const linkedIn = form.getByRole('checkbox', { name: 'LinkedIn' });
  await expect(x).toBeChecked();
  await expect(linkedIn).toBeChecked();
  await x.uncheck();
  await linkedIn.uncheck();
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form.getByText('Choose at least one platform to post to.')).toBeVisible();
  await x.check();
  await linkedIn.check();

  const common = `Short and sharp for X (${Date.now()}).`;
  const own = `A longer note for LinkedIn colleagues, with the context they expect (${Date.now()}).`;
  await form.getByLabel('Post text').fill(common);
  await form.getByRole('button', { name: 'Customize per platform' }).click();
  await expect(form.getByText('X: uses the common text.')).toBeVisible();
  await form.getByRole('button', { name: 'Write a text for LinkedIn' }).click();
  // It starts as the common text, then becomes LinkedIn's own.
  await expect(form.getByLabel('LinkedIn text')).toHaveValue(common);
  await form.getByLabel('LinkedIn text').fill(own);
  await form.getByLabel('Images or a video (optional)').setInputFiles(await pngFile('chart.png'));
  await expect(form.getByRole('article', { name: 'LinkedIn preview' })).toContainText(own);
  await expect(form.getByRole('article', { name: 'X preview' })).toContainText(common);

  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText("Saved as a draft: Two Voices's post waits below for your approval.")).toBeVisible();
  const draft = page.getByRole('listitem', { name: 'Draft by Two Voices' });
  await expect(draft.getByRole('article', { name: 'LinkedIn preview' })).toContainText(own);
  await expect(draft.getByRole('article', { name: 'X preview' })).toContainText(common);
  await expect(page.getByRole('tab', { name: /^Review/ })).toContainText('1');
});

test('the time is picked as a day and an hour on the viewer’s clock, with the zone named', async ({ page }) => {
  await signedInUser(page, 'composer-time');
  await createAgent(page, 'Clockwork', ['terminal']);
  await page.goto('/dashboard?tab=review');
  await page.getByRole('button', { name: 'Write a post' }).click();
  const form = page.getByRole('region', { name: 'Write a post' });
  await expect(form.getByText('This agent posts to the Terminal only: its posts show there.')).toBeVisible();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(form.getByTestId('compose-time-summary')).toContainText(`Times are in your time zone, ${zone}.`);

  const tomorrow = await page.evaluate(() => {
    const day = new Date(Date.now() + 86_400_000);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
  await form.getByLabel('Day').fill(tomorrow);
  await form.getByLabel('Time').fill('14:30');
  await expect(form.getByTestId('compose-time-summary')).toContainText(/Planned for .*14:30|Planned for .*2:30/);
  await expect(form.getByTestId('compose-time-summary')).toContainText(`(${zone})`);
  await form.getByLabel('Post text').fill(`Planned by the clock (${Date.now()}).`);
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText(/^Scheduled: Clockwork's post goes out /)).toBeVisible();
});
