import { expect, type Page } from '@playwright/test';

type NewAgent = {
  name: string;
  description?: string;
  prompt?: string;
  topic?: string;
  interval?: number;
  meme?: boolean;
  /** Behavior & Configuration's "Review before posting" (off unless asked). */
  reviewBeforePosting?: boolean;
  /** Behavior & Configuration's "Post long texts as threads" (off unless asked). */
  xThreads?: boolean;
  /** Behavior & Configuration's "Monthly platform budget (USD)" (no limit unless asked). */
  monthlyBudget?: string;
  trainingFile?: Parameters<Page['setInputFiles']>[1];
  /** "Post to": this platform's label instead of X's (the terminal stays ticked). */
  postTo?: string;
  /** "Reply on": this platform's label instead of X's (the terminal stays ticked). */
  replyOn?: string;
  /** Reply guards' "Never answer these accounts". */
  blockList?: string[];
  /** "Farcaster channel", asked once Farcaster is ticked under "Post to". */
  farcasterChannel?: string;
  /** The form is open already (`/dashboard?view=create`, e.g. after connecting an account in it). */
  isFormOpen?: boolean;
};

/**
 * Fills the Create Agent form from the AgentBoard as a person does (the required fields and one topic, plus what the
 * test asks for), saves it, and waits for the agent's row. Answers the row.
 */
export const createAgentInForm = async (
  page: Page,
  {
    name,
    description = 'Writes about AI',
    prompt = 'You write short posts about AI.',
    topic = 'AI',
    interval,
    meme,
    reviewBeforePosting,
    xThreads,
    monthlyBudget,
    trainingFile,
    postTo,
    farcasterChannel,
    replyOn,
    blockList = [],
    isFormOpen = false,
  }: NewAgent,
) => {
  if (!isFormOpen)
    await page
      .getByRole('button', { name: /^(\+ Create New Agent|Create Your First Agent)$/ })
      .first()
      .click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill(description);
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByLabel('Topics').fill(topic);
  await page.keyboard.press('Enter');
  if (interval !== undefined) await page.getByLabel('Post interval (minutes)').fill(String(interval));
  if (meme) await page.getByLabel('Memes').check();
  if (reviewBeforePosting) await page.getByLabel('Review before posting', { exact: true }).check();
  if (xThreads) await page.getByLabel('Post long texts as threads', { exact: true }).check();
  if (monthlyBudget !== undefined) await page.getByLabel('Monthly platform budget (USD)').fill(monthlyBudget);
  if (trainingFile) await page.getByLabel('Training files (PDF)').setInputFiles(trainingFile);
  if (postTo) {
    const clients = page.getByRole('group', { name: 'Post to' });
    await clients.getByLabel('X (Twitter)').uncheck();
    await clients.getByLabel(postTo).check();
  }
  if (farcasterChannel !== undefined) await page.getByLabel('Farcaster channel').fill(farcasterChannel);
  if (replyOn) {
    const clients = page.getByRole('group', { name: 'Reply on' });
    await clients.getByLabel('X (Twitter)').uncheck();
    await clients.getByLabel(replyOn).check();
  }
  for (const handle of blockList) {
    await page.getByLabel('Never answer these accounts').fill(handle);
    await page.keyboard.press('Enter');
  }
  await page.getByRole('button', { name: 'Create Agent' }).click();
  const row = page.getByRole('listitem', { name });
  // The spec's 2 s on the confirmation, then the board's list read again: on a loaded 2-core machine 5 s was short.
  await expect(row).toBeVisible({ timeout: 15_000 });
  return row;
};
