import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 34 §1: an agent with the chat activity answers the people who mention it on Bluesky. The server at
// E2E_SCHEDULING_URL looks for conversations every 2 s (TIME_SCALE 60).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

type BlueskyFake = { baseUrl: string; accounts: { did: string; handle: string; appPassword: string }[] };
const fake = () => JSON.parse(process.env.E2E_BLUESKY ?? '{}') as BlueskyFake;

test('an agent answers a Bluesky mention in its thread, and the terminal shows what it answered', async ({ page }) => {
  test.setTimeout(90_000);
  const account = fake().accounts.find((candidate) => candidate.handle === 'chatty.bsky.social')!;
  await signedInUser(page, 'chatty');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Bluesky' });
  await panel.getByRole('button', { name: 'Connect Bluesky' }).click();
  const form = page.getByRole('group', { name: 'Connect Bluesky' });
  await form.getByLabel('Handle').fill(account.handle);
  await form.getByLabel('App password').fill(account.appPassword);
  await form.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(panel.getByTestId('bluesky-connection-state')).toHaveText(`Connected: @${account.handle}`);

  await page.goto('/dashboard');
  await createAgentInForm(page, { name: 'Chatty', description: 'Answers on Bluesky', replyOn: 'Bluesky' });

  // Someone on Bluesky asks the agent's account a question.
  const question = `@${account.handle} which small model should I try first?`;
  const asked = await fetch(`${fake().baseUrl}/__fake/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ author: 'curious-reader.bsky.social', text: question, mentions: [account.handle] }),
  });
  expect(asked.status).toBe(200);
  const { uri } = (await asked.json()) as { uri: string };

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
