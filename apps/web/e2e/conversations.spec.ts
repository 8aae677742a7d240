import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 34 §1: an agent with the chat activity answers the people who mention it on Bluesky. The server at
// E2E_SCHEDULING_URL looks for conversations every 2 s (TIME_SCALE 60).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

type BlueskyFake = { baseUrl: string; accounts: { did: string; handle: string; appPassword: string }[] };
const fake = () => JSON.parse(process.env.E2E_BLUESKY ?? '{}') as BlueskyFake;

/** Someone on Bluesky writes to the agent's account; answers the post's uri. */
const mention = async (author: string, handle: string, text: string) => {
  const asked = await fetch(`${fake().baseUrl}/__fake/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ author, text, mentions: [handle] }),
  });
  expect(asked.status).toBe(200);
  return ((await asked.json()) as { uri: string }).uri;
};

const connectBluesky = async (page: Page, account: { handle: string; appPassword: string }) => {
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Bluesky' });
  await panel.getByRole('button', { name: 'Connect Bluesky' }).click();
  const form = page.getByRole('group', { name: 'Connect Bluesky' });
  await form.getByLabel('Handle').fill(account.handle);
  await form.getByLabel('App password').fill(account.appPassword);
  await form.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(panel.getByTestId('bluesky-connection-state')).toHaveText(`Connected: @${account.handle}`);
};

test('an agent answers a Bluesky mention in its thread, and the terminal shows what it answered', async ({ page }) => {
  test.setTimeout(90_000);
  const account = fake().accounts.find((candidate) => candidate.handle === 'chatty.bsky.social')!;
  await signedInUser(page, 'chatty');
  await connectBluesky(page, account);
  await page.goto('/dashboard');
  await createAgentInForm(page, { name: 'Chatty', description: 'Answers on Bluesky', replyOn: 'Bluesky' });

  // Someone on Bluesky asks the agent's account a question.
  const question = `@${account.handle} which small model should I try first?`;
  const uri = await mention('curious-reader.bsky.social', account.handle, question);

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
  const records = (await (
    await fetch(
      `${fake().baseUrl}/xrpc/com.atproto.repo.listRecords?repo=${encodeURIComponent(account.did)}&collection=app.bsky.feed.post`,
    )
  ).json()) as { records: { value: { text: string; reply?: { parent: { uri: string } } } }[] };
  const answers = records.records.filter((record) => record.value.reply?.parent.uri === uri);
  expect(answers).toHaveLength(1);
  expect(answers[0]?.value.text).toContain(FAKE_MODEL_POST.slice(0, 20));
});

test('a reply guard holds a message back, and the terminal says which', async ({ page }) => {
  test.setTimeout(90_000);
  const account = fake().accounts.find((candidate) => candidate.handle === 'guarded.bsky.social')!;
  await signedInUser(page, 'guarded');
  await connectBluesky(page, account);
  await page.goto('/dashboard');
  await createAgentInForm(page, {
    name: 'Guarded',
    description: 'Answers on Bluesky, not to spam',
    replyOn: 'Bluesky',
    blockList: ['@spam-bot.bsky.social'],
  });
  const uri = await mention('spam-bot.bsky.social', account.handle, `@${account.handle} buy followers now`);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const entry = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .filter({ hasText: 'Replying to @spam-bot.bsky.social' });
  await expect(entry).toContainText('Not answered: the author is in the agent’s block-list.', { timeout: 45_000 });
  const records = (await (
    await fetch(
      `${fake().baseUrl}/xrpc/com.atproto.repo.listRecords?repo=${encodeURIComponent(account.did)}&collection=app.bsky.feed.post`,
    )
  ).json()) as { records: { value: { reply?: { parent: { uri: string } } } }[] };
  expect(records.records.filter((record) => record.value.reply?.parent.uri === uri)).toHaveLength(0);
});
