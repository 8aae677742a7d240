import { expect, test } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { connectFacebookPage } from './support/oauth.ts';

// Issue 35 §2: comments on the Page's posts join the replies loop and the Inbox. On the server at E2E_SCHEDULING_URL
// agents look for comments every 2 s (TIME_SCALE 60).
test.use({ baseURL: process.env.E2E_SCHEDULING_URL });

type Comment = { id: string; message: string; from: { id: string; name: string }; parentId?: string };
const facebookApi = () => (JSON.parse(process.env.E2E_FACEBOOK ?? '{}') as { baseUrl: string }).baseUrl;
/** Someone who is not the Page comments on the post (or on a comment). */
const commentOnFacebook = async (on: string, name: string, message: string) => {
  const answer = await fetch(`${facebookApi()}/__fake/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ on, message, from: { id: `${Date.now()}`, name } }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Comment;
};

test('an agent answers a comment on its Facebook Page’s post, under the comment, and the terminal names the person', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'facebook-comments');
  await page.goto('/agent-builder');
  await connectFacebookPage(page, 'Agentcast Kitchen');

  await page.goto('/dashboard');
  const row = await createAgent(page, {
    name: 'Kitchen Host',
    description: 'Posts on the Page and answers its comments',
    postTo: 'Facebook',
    replyOn: 'Facebook',
  });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const link = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .getByRole('link', { name: 'View on Facebook' })
    .first();
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/\d+\/posts\/\d+$/, { timeout: 45_000 });
  // The Graph id of the post is its Page's id and its number: https://www.facebook.com/{page}/posts/{number}.
  const [pageId, , number] = new URL((await link.getAttribute('href')) ?? '').pathname.split('/').slice(1);

  const question = 'Which pan do you use for the omelette?';
  const comment = await commentOnFacebook(`${pageId}_${number}`, 'Curious Cook', question);
  // Facebook names people without handles: no "@" before the name.
  const answer = page
    .getByRole('list', { name: 'Terminal messages' })
    .locator(':scope > li')
    .filter({ hasText: `Replying to Curious Cook: ${question}` });
  await expect(answer.getByRole('link', { name: 'View on Facebook' })).toBeVisible({ timeout: 45_000 });
  await expect(answer).toContainText(FAKE_MODEL_POST.slice(0, 20));

  // The Inbox lists the comment, answered: the answer is the Page's comment under the person's.
  await page.getByRole('tab', { name: /^Inbox/ }).click();
  const message = page.getByRole('article', { name: 'Message from Curious Cook' });
  await expect(message).toContainText(question);
  await expect(message.getByRole('link', { name: 'Open on Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/${pageId}/posts/${number}?comment_id=${comment.id.split('_')[1]}`,
  );
  await expect(message.getByRole('link', { name: 'View the answer on Facebook' })).toHaveAttribute(
    'href',
    new RegExp(`^https://www\\.facebook\\.com/${pageId}/posts/${number}\\?comment_id=\\d+$`),
  );
});
