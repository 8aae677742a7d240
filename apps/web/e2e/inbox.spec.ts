import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';

// Issue 34 §3: the Inbox lists what people wrote to an agent and lets a person answer, edit, ignore and block. The
// server at E2E_SCHEDULING_URL looks for conversations every 2 s (TIME_SCALE 60).
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

/** The texts of the agent's posts that answer the post at `uri`. */
const answersTo = async (did: string, uri: string) => {
  const listed = await fetch(
    `${fake().baseUrl}/xrpc/com.atproto.repo.listRecords?repo=${encodeURIComponent(did)}&collection=app.bsky.feed.post`,
  );
  const { records } = (await listed.json()) as {
    records: { value: { text: string; reply?: { parent: { uri: string } } } }[];
  };
  return records.filter((record) => record.value.reply?.parent.uri === uri).map((record) => record.value.text);
};

/** Signs in, connects the fake Bluesky account `name` and makes an agent that answers there with review on. */
const agentAnsweringOnBluesky = async (page: Page, name: string) => {
  const account = fake().accounts.find((candidate) => candidate.handle === `${name}.bsky.social`)!;
  await signedInUser(page, name);
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Bluesky' });
  await panel.getByRole('button', { name: 'Connect Bluesky' }).click();
  const form = page.getByRole('group', { name: 'Connect Bluesky' });
  await form.getByLabel('Handle').fill(account.handle);
  await form.getByLabel('App password').fill(account.appPassword);
  await form.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(panel.getByTestId('bluesky-connection-state')).toHaveText(`Connected: @${account.handle}`);
  await page.goto('/dashboard');
  await createAgentInForm(page, {
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
  const asked = await mention('curious-reader.bsky.social', account.handle, `@${account.handle} which model first?`);
  await mention('curious-reader.bsky.social', account.handle, `@${account.handle} and which GPU?`);

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
  expect(await answersTo(account.did, asked)).toEqual(['Try a 7B model first, then measure.']);

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
  await mention('pushy-seller.bsky.social', account.handle, `@${account.handle} follow me back`);
  await page.getByRole('tab', { name: /^Inbox/ }).click();
  const inbox = page.getByRole('tabpanel');
  const first = inbox.getByRole('article').filter({ hasText: 'follow me back' });
  await expect(first.getByRole('button', { name: 'Block author' })).toBeVisible({ timeout: 45_000 });
  await first.getByRole('button', { name: 'Block author' }).click();
  await expect(
    inbox.getByText('@pushy-seller.bsky.social is blocked: Inboxer will not answer them again.'),
  ).toBeVisible();
  await expect(first).toContainText('Ignored');

  const next = await mention('pushy-seller.bsky.social', account.handle, `@${account.handle} hello again`);
  const held = inbox.getByRole('article').filter({ hasText: 'hello again' });
  await expect(held).toContainText('Not answered: the author is in the agent’s block-list.', { timeout: 45_000 });
  await held.getByRole('button', { name: 'Reply yourself' }).click();
  await held.getByLabel('Your answer').fill('Thanks, we are all set.');
  await held.getByRole('button', { name: 'Send' }).click();
  await expect(held).toContainText('You answered', { timeout: 20_000 });
  await expect.poll(() => answersTo(account.did, next)).toEqual(['Thanks, we are all set.']);
});
