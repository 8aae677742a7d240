import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { blueskyAccount, blueskyAnswersTo, connectBluesky, mentionOnBluesky } from './support/bluesky.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 34 §1: an agent with the chat activity answers the people who mention it on Bluesky. The server at
// E2E_SCHEDULING_URL looks for conversations every 2 s (TIME_SCALE 60).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

test('an agent answers a Bluesky mention in its thread, and the terminal shows what it answered', async ({ page }) => {
  test.setTimeout(90_000);
  const account = blueskyAccount('chatty');
  await signedInUser(page, 'chatty');
  await connectBluesky(page, account);
  await page.goto('/dashboard');
  await createAgent(page, { name: 'Chatty', description: 'Answers on Bluesky', replyOn: 'Bluesky' });

  // Someone on Bluesky asks the agent's account a question.
  const question = `@${account.handle} which small model should I try first?`;
  const uri = await mentionOnBluesky('curious-reader.bsky.social', account.handle, question);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const entry = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .filter({ hasText: 'Replying to @curious-reader.bsky.social' });
  await expect(entry).toContainText(question, { timeout: 45_000 });
  await expect(entry.getByRole('link', { name: /Bluesky/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://bsky\\.app/profile/${account.did}/post/`),
  );
  // The answer is in the thread of the question, on the agent's account.
  const answers = await blueskyAnswersTo(account.did, uri);
  expect(answers).toHaveLength(1);
  expect(answers[0]).toContain(FAKE_MODEL_POST.slice(0, 20));
});

test('a reply guard holds a message back, and the terminal says which', async ({ page }) => {
  test.setTimeout(90_000);
  const account = blueskyAccount('guarded');
  await signedInUser(page, 'guarded');
  await connectBluesky(page, account);
  await page.goto('/dashboard');
  await createAgent(page, {
    name: 'Guarded',
    description: 'Answers on Bluesky, not to spam',
    replyOn: 'Bluesky',
    blockList: ['@spam-bot.bsky.social'],
  });
  const uri = await mentionOnBluesky('spam-bot.bsky.social', account.handle, `@${account.handle} buy followers now`);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const entry = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .filter({ hasText: 'Replying to @spam-bot.bsky.social' });
  await expect(entry).toContainText('Not answered: the author is in the agent’s block-list.', { timeout: 45_000 });
  expect(await blueskyAnswersTo(account.did, uri)).toHaveLength(0);
});
