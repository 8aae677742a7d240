import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { connectInPopup } from './support/oauth.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 35 §1, Threads (Meta's network; X's threads of posts are threads.spec.ts). On the server at
// E2E_SCHEDULING_URL agents look for replies every 2 s (TIME_SCALE 60).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

type Published = { id: string; text: string; media_type: string; reply_to_id?: string; media_url?: string };
const threadsApi = () => (JSON.parse(process.env.E2E_THREADS ?? '{}') as { baseUrl: string }).baseUrl;
const publishedOnThreads = async () =>
  ((await (await fetch(`${threadsApi()}/__fake/posts`)).json()) as { data: Published[] }).data;
const replyOnThreads = async (replyToId: string, username: string, text: string) => {
  const answer = await fetch(`${threadsApi()}/__fake/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reply_to_id: replyToId, username, text }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
};

test('Threads connects on the Agent Builder; an agent posts its meme there and answers a reply in the thread', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'threads-poster');
  await page.goto('/agent-builder');
  const panel = page.getByRole('article', { name: 'Threads' });
  // The operator's Threads app: people outside its testers connect once Meta has reviewed it.
  await expect(panel).toContainText('until Meta has reviewed it');
  await connectInPopup(page, 'Connect Threads');
  await expect(panel.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(panel).toContainText('@ada.threads');

  await page.goto('/dashboard');
  const row = await createAgent(page, {
    name: 'Threader',
    description: 'Posts and answers on Threads',
    postTo: 'Threads',
    replyOn: 'Threads',
    meme: true,
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const posted = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('link', { name: 'View on Threads' }) })
    .first();
  await expect(posted.getByRole('link', { name: 'View on Threads' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.threads\.net\/@ada\.threads\/post\/[\w-]+$/,
    { timeout: 45_000 },
  );
  // The meme went as an image Threads fetched from this server.
  const post = (await publishedOnThreads()).find(
    (item) => item.text.startsWith(FAKE_MODEL_POST.slice(0, 20)) && !item.reply_to_id,
  );
  expect(post?.media_type).toBe('IMAGE');

  // Someone answers the post on Threads; the agent replies under their reply.
  const question = 'Which of these models runs on a laptop?';
  const replyId = await replyOnThreads(post?.id ?? '', 'curious.reader', question);
  const answer = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .filter({ hasText: 'Replying to @curious.reader' });
  await expect(answer).toContainText(question, { timeout: 45_000 });
  await expect(answer.getByRole('link', { name: /Threads/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.threads\.net\/@ada\.threads\/post\/[\w-]+$/,
    { timeout: 45_000 },
  );
  const answers = (await publishedOnThreads()).filter((item) => item.reply_to_id === replyId);
  expect(answers).toHaveLength(1);
  expect(answers[0]?.text).toContain(FAKE_MODEL_POST.slice(0, 20));
});
