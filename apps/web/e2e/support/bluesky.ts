import { expect, type Page } from '@playwright/test';

type BlueskyFake = { baseUrl: string; accounts: { did: string; handle: string; appPassword: string }[] };

/** The Bluesky fake global-setup started, and its accounts made up front (one per test that connects one). */
export const blueskyFake = () => JSON.parse(process.env.E2E_BLUESKY ?? '{}') as BlueskyFake;

/** The fake account made for `name` (`{name}.bsky.social`). */
export const blueskyAccount = (name: string) =>
  blueskyFake().accounts.find((candidate) => candidate.handle === `${name}.bsky.social`)!;

/** Someone on Bluesky writes to the agent's account; answers the post's uri. */
export const mentionOnBluesky = async (author: string, handle: string, text: string) => {
  const asked = await fetch(`${blueskyFake().baseUrl}/__fake/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ author, text, mentions: [handle] }),
  });
  expect(asked.status).toBe(200);
  return ((await asked.json()) as { uri: string }).uri;
};

/** The texts of the account's posts that answer the post at `uri`. */
export const blueskyAnswersTo = async (did: string, uri: string) => {
  const listed = await fetch(
    `${blueskyFake().baseUrl}/xrpc/com.atproto.repo.listRecords?repo=${encodeURIComponent(did)}&collection=app.bsky.feed.post`,
  );
  const { records } = (await listed.json()) as {
    records: { value: { text: string; reply?: { parent: { uri: string } } } }[];
  };
  return records.filter((record) => record.value.reply?.parent.uri === uri).map((record) => record.value.text);
};

/** Connects a fake Bluesky account on the Agent Builder page, as a person does. */
export const connectBluesky = async (page: Page, account: { handle: string; appPassword: string }) => {
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Bluesky' });
  await panel.getByRole('button', { name: 'Connect Bluesky' }).click();
  const form = page.getByRole('group', { name: 'Connect Bluesky' });
  await form.getByLabel('Handle').fill(account.handle);
  await form.getByLabel('App password').fill(account.appPassword);
  await form.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(panel.getByTestId('bluesky-connection-state')).toHaveText(`Connected: @${account.handle}`);
};
