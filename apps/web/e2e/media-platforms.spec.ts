import { expect, test } from '@playwright/test';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import { signedInUser } from './support/accounts.ts';
import { connectInPopup } from './support/oauth.ts';

test('with Instagram and YouTube connected, an agent’s video goes out as a Reel and a Short, linked in the terminal', async ({
  page,
}) => {
  test.slow();
  await signedInUser(page, 'reels');
  await page.goto('/agent-builder');
  await connectInPopup(page, 'Connect Instagram');
  await connectInPopup(page, 'Connect YouTube');
  await expect(page.getByText('2 / 3 Platforms Connected')).toBeVisible();

  // Launch AI Agent opens Create Agent with both chosen.
  await page.getByRole('button', { name: 'Launch AI Agent' }).click();
  const postTo = page.getByRole('group', { name: 'Post to' });
  await expect(postTo.getByLabel('Instagram')).toBeChecked();
  await expect(postTo.getByLabel('YouTube')).toBeChecked();
  await page.getByLabel('Name', { exact: true }).fill('Shorts Maker');
  await page.getByLabel('Description', { exact: true }).fill('Short clips about AI');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short posts about AI.');
  await page.getByLabel('Topics').fill('AI');
  await page.keyboard.press('Enter');

  // Launched with YouTube, the agent makes videos from the start (one serves the Reel and the Short).
  const video = page.getByLabel('Video', { exact: true });
  await expect(video).toBeChecked();
  await expect(page.getByLabel('Graphics', { exact: true })).not.toBeChecked();
  // Without a video, YouTube has nothing to take: the form says so.
  await video.uncheck();
  await page.getByRole('button', { name: 'Create Agent' }).click();
  await expect(page.getByText(AGENT_MESSAGES.youtubeNeedsVideo)).toBeVisible();
  await video.check();
  await page.getByRole('button', { name: 'Create Agent' }).click();
  const row = page.getByRole('listitem', { name: 'Shorts Maker' });
  await expect(row).toBeVisible({ timeout: 5000 });

  await row.getByRole('button', { name: 'Trigger' }).click();
  // The run renders the video and its vertical form with ffmpeg on this machine: seconds alone, over 30 s on a
  // 2-core machine busy with other work (seen once).
  await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const deliveries = page
    .getByRole('list', { name: 'Terminal messages' })
    .getByRole('listitem')
    .first()
    .getByRole('list', { name: 'Deliveries' });
  await expect(deliveries.getByText(/^Posted to Instagram/)).toBeVisible({ timeout: 30_000 });
  await expect(deliveries.getByText(/^Posted to YouTube/)).toBeVisible({ timeout: 30_000 });
  await expect(deliveries.getByRole('link', { name: 'View on YouTube' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\/shorts\/[\w-]{11}$/,
  );
  await expect(deliveries.getByRole('link', { name: 'View on Instagram' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.instagram\.com\/reel\/[\w-]+\/$/,
  );
});
