import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { blueskyAccount, blueskyAnswersTo, connectBluesky, mentionOnBluesky } from './support/bluesky.ts';

// Issue 34 §3: the Inbox lists what people wrote to an agent and lets a person answer, edit, ignore and block. The
// server at E2E_SCHEDULING_URL looks for conversations every 2 s (TIME_SCALE 60).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

/** Signs in, connects the fake Bluesky account `name` and makes an agent that answers there with review on. */
const agentAnsweringOnBluesky = async (page: Page, name: string) => {
  const account = blueskyAccount(name);
  await signedInUser(page, name);
  await connectBluesky(page, account);
  await page.goto('/dashboard');
  await createAgent(page, {
    name: 'Inboxer',
    description: 'Answers on Bluesky once approved',
    replyOn: 'Bluesky',
    reviewBeforePosting: true,
  });
  return account;
};

test('a drafted answer is edited and sent from the Inbox, another ignored, and the states filter them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await agentAnsweringOnBluesky(page, 'inbox-send');
  const asked = await mentionOnBluesky(
    'curious-reader.bsky.social',
    account.handle,
    `@${account.handle} which model first?`,
  );
  await mentionOnBluesky('curious-reader.bsky.social', account.handle, `@${account.handle} and which GPU?`);

  // The tab counts the conversations waiting for someone.
  const tab = page.getByRole('tab', { name: /^Inbox/ });
  await expect(tab).toHaveAccessibleName('Inbox 2 waiting', { timeout: 45_000 });
  await tab.click();
  const inbox = page.getByRole('tabpanel');
  const question = inbox.getByRole('article').filter({ hasText: 'which model first?' });
  await expect(question.getByRole('link', { name: 'Curious Reader' })).toHaveAttribute(
    'href',
    'https://bsky.app/profile/curious-reader.bsky.social',
  );
  await expect(question).toContainText('@curious-reader.bsky.social');
  await expect(question).toContainText('Waiting for approval');

  await question.getByLabel('Drafted answer').fill('Try a 7B model first, then measure.');
  await question.getByRole('button', { name: 'Send' }).click();
  await expect(question).toContainText('The agent answered', { timeout: 20_000 });
  await expect(question.getByRole('link', { name: 'View the answer on Bluesky' })).toHaveAttribute(
    'href',
    new RegExp(`^https://bsky\\.app/profile/${account.did}/post/`),
  );
  expect(await blueskyAnswersTo(account.did, asked)).toEqual(['Try a 7B model first, then measure.']);

  const other = inbox.getByRole('article').filter({ hasText: 'and which GPU?' });
  await other.getByRole('button', { name: 'Ignore' }).click();
  await expect(other).toContainText('Ignored by you.');
  await expect(tab).toHaveAccessibleName('Inbox');

  // Only what was answered, then only what was ignored.
  await inbox.getByRole('button', { name: 'Answered (1)' }).click();
  await expect(inbox.getByRole('article')).toHaveCount(1);
  await expect(inbox.getByRole('article')).toContainText('which model first?');
  await inbox.getByRole('button', { name: 'Ignored (1)' }).click();
  await expect(inbox.getByRole('article')).toHaveCount(1);
  await expect(inbox.getByRole('article')).toContainText('and which GPU?');
});

test('an author is blocked from the Inbox, their next message is held back, and the person replies themselves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await agentAnsweringOnBluesky(page, 'inbox-block');
  await mentionOnBluesky('pushy-seller.bsky.social', account.handle, `@${account.handle} follow me back`);
  await page.getByRole('tab', { name: /^Inbox/ }).click();
  const inbox = page.getByRole('tabpanel');
  const first = inbox.getByRole('article').filter({ hasText: 'follow me back' });
  // Blocked once its answer is drafted (Send shows), so the drafted answer is what gets ignored; blocking while the
  // agent still writes is inbox.test.ts's.
  await expect(first.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 45_000 });
  await first.getByRole('button', { name: 'Block author' }).click();
  await expect(
    inbox.getByText('@pushy-seller.bsky.social is blocked: Inboxer will not answer them again.'),
  ).toBeVisible();
  await expect(first).toContainText('Ignored');

  const next = await mentionOnBluesky('pushy-seller.bsky.social', account.handle, `@${account.handle} hello again`);
  const held = inbox.getByRole('article').filter({ hasText: 'hello again' });
  await expect(held).toContainText('Not answered: the author is in the agent’s block-list.', { timeout: 45_000 });
  await held.getByRole('button', { name: 'Reply yourself' }).click();
  await held.getByLabel('Your answer').fill('Thanks, we are all set.');
  await held.getByRole('button', { name: 'Send' }).click();
  await expect(held).toContainText('You answered', { timeout: 20_000 });
  await expect.poll(() => blueskyAnswersTo(account.did, next)).toEqual(['Thanks, we are all set.']);
});
