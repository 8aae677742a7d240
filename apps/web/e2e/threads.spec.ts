import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { issuedTokens, oauthFakeUrl, connectXThenOpenDashboard } from './support/oauth.ts';

/**
 * Issue 17 §4 in the browser: an agent that posts long texts to X as threads, its draft split into numbered posts
 * in the Review tab, a split point moved by a person, and the reply chain that reached the fake X.
 * Set THREAD_SCREENSHOTS=<dir> to also save screenshots at desktop and phone widths.
 */

const screenshotsDir = process.env.THREAD_SCREENSHOTS;
const WIDTHS = { desktop: 1280, phone: 375 } as const;

/** Screenshots of one part of the page at each width, when asked for (they are looked at, not compared). */
const screenshots = async (page: Page, name: string, part: Locator) => {
  if (!screenshotsDir) return;
  mkdirSync(screenshotsDir, { recursive: true });
  const before = page.viewportSize();
  for (const [label, width] of Object.entries(WIDTHS)) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: `${screenshotsDir}/${name}-${label}.png` });
  }
  if (before) await page.setViewportSize(before);
};

/** axe finds nothing on the page at either width (the rules of accessibility.spec.ts). */
const expectNoAxeViolations = async (page: Page) => {
  const before = page.viewportSize();
  for (const width of Object.values(WIDTHS)) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect
      .soft(
        violations.map((violation) => `${violation.id}: ${violation.help}`),
        `axe at ${width} px`,
      )
      .toEqual([]);
  }
  if (before) await page.setViewportSize(before);
};

const X_ACCOUNT_ID = '1460000000000000001';
type XPost = { id: string; text: string; referenced_tweets?: { type: string; id: string }[] };
const unescapeHtml = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The posts the fake X holds for the connected account, newest first, with what each replies to. */
const postsOnX = async (): Promise<XPost[]> => {
  const base = oauthFakeUrl('x');
  for (const token of (await issuedTokens('x')).reverse()) {
    const response = await fetch(
      `${base}/2/users/${X_ACCOUNT_ID}/tweets?max_results=100&tweet.fields=referenced_tweets`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    // Refresh tokens and expired ones are refused: another token will do.
    if (!response.ok) continue;
    const page = (await response.json()) as { data?: XPost[] };
    return (page.data ?? []).map((post) => ({ ...post, text: unescapeHtml(post.text) }));
  }
  throw new Error('No token the fake X accepts');
};

/** The posts of this test's thread on X, first to last, each with the post it answers. */
const threadOnX = async (stamp: string) => {
  const posts = await postsOnX();
  const first = posts.find((post) => post.text.includes(stamp));
  if (!first) return [];
  const chain = [first];
  for (;;) {
    const last = chain.at(-1) as XPost;
    const reply = posts.find((post) =>
      post.referenced_tweets?.some((reference) => reference.type === 'replied_to' && reference.id === last.id),
    );
    if (!reply)
      return chain.map((post) => ({
        text: post.text,
        repliesTo: post.referenced_tweets?.[0]?.id ?? null,
        id: post.id,
      }));
    chain.push(reply);
  }
};

const sentencesOf = (stamp: string) => [
  `This thread was written in the Review tab for a browser test, run ${stamp}.`,
  'An agent that may post threads sends a long text to X as a numbered reply chain.',
  'The split points fall between sentences, so that no thought is cut in half anywhere.',
  'A person can move each split point earlier or later before approving the draft.',
  'Two posts can be joined when they fit together, and a long post can be split in two.',
  'Nothing in the text is rewritten: the words stay exactly as they were written here.',
  'Each post carries its number, so readers on X can follow the thread in order.',
  'Once approved, the posts go out one after the other, each replying to the last.',
];

test('a long draft of a threads agent is split into numbered posts, a split point moved, and posted as a reply chain', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agentName = 'Thread Agent';
  await signedInUser(page, 'threader');
  await connectXThenOpenDashboard(page);
  const row = await createAgent(page, { name: agentName, reviewBeforePosting: true, xThreads: true });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/awaiting review in the Review tab/)).toBeVisible({ timeout: 15_000 });

  await page.getByRole('tab', { name: /^Review/ }).click();
  const card = page.getByRole('listitem', { name: `Draft by ${agentName}` });
  await card.getByRole('button', { name: 'Edit' }).click();
  const stamp = String(Date.now());
  const sentences = sentencesOf(stamp);
  const longText = sentences.join(' ');
  await card.getByLabel('Post text').fill(longText);
  // Over 280 characters, and still fine: it is a thread.
  await expect(card.getByText('Thread of 3 posts', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Too long/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByLabel('Post text')).toBeHidden();

  const thread = card.getByRole('list', { name: 'X thread of 3 posts' });
  const posts = thread.getByTestId('x-thread-post-text');
  await expect(posts).toHaveText([
    `${sentences.slice(0, 3).join(' ')} 1/3`,
    `${sentences.slice(3, 6).join(' ')} 2/3`,
    `${sentences.slice(6).join(' ')} 3/3`,
  ]);
  const summary = card.getByRole('status').filter({ hasText: 'Thread of' });
  await expect(summary).toContainText('Thread of 3 posts · split between sentences');
  // Post 2 is full: its end cannot move later, nor its start earlier.
  await expect(card.getByRole('button', { name: 'Move split 1 earlier' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Move split 2 later' })).toBeDisabled();

  // With the keyboard, as a person may: the control keeps the focus once the split is saved.
  const earlier = card.getByRole('button', { name: 'Move split 2 earlier' });
  await earlier.focus();
  await page.keyboard.press('Enter');
  const moved = [
    `${sentences.slice(0, 3).join(' ')} 1/3`,
    `${sentences.slice(3, 5).join(' ')} 2/3`,
    `${sentences.slice(5).join(' ')} 3/3`,
  ];
  await expect(posts).toHaveText(moved);
  await expect(earlier).toBeFocused();
  await expect(summary).toContainText('Thread of 3 posts · split where you chose');
  await expectNoAxeViolations(page);
  await screenshots(page, 'review-thread', card);

  // The split is the server's too.
  await page.reload();
  await expect(
    page.getByRole('listitem', { name: `Draft by ${agentName}` }).getByTestId('x-thread-post-text'),
  ).toHaveText(moved);

  await page
    .getByRole('listitem', { name: `Draft by ${agentName}` })
    .getByRole('button', { name: 'Post now' })
    .click();
  await expect(page.getByText(`Approved: ${agentName}'s post goes out to X now.`)).toBeVisible();

  await expect.poll(async () => (await threadOnX(stamp)).map((post) => post.text), { timeout: 20_000 }).toEqual(moved);
  const chain = await threadOnX(stamp);
  expect(chain.map((post) => post.repliesTo)).toEqual([null, chain[0]?.id, chain[1]?.id]);

  await page.getByRole('tab', { name: 'Terminal' }).click();
  const latest = page.getByRole('list', { name: 'Terminal messages' }).getByRole('listitem').first();
  await expect(latest.getByRole('list', { name: 'Deliveries' })).toContainText('Posted to X · Thread · 3 posts', {
    timeout: 15_000,
  });
  await screenshots(page, 'terminal-thread', page.locator('section[aria-labelledby="terminal-title"]'));
});

test('the agent form turns threads on and keeps a YouTube video privacy, asked once YouTube is chosen', async ({
  page,
}) => {
  await signedInUser(page, 'thread-form');
  await page
    .getByRole('button', { name: /^(\+ Create New Agent|Create Your First Agent)$/ })
    .first()
    .click();
  await page.getByLabel('Name', { exact: true }).fill('Shorts Agent');
  await page.getByLabel('Description', { exact: true }).fill('Writes about AI');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short posts about AI.');
  await page.getByLabel('Topics').fill('AI');
  await page.keyboard.press('Enter');
  await page.getByLabel('Post long texts as threads', { exact: true }).check();
  await page.getByLabel('Video', { exact: true }).check();

  const postTo = page.getByRole('group', { name: 'Post to' });
  await expect(page.getByLabel('YouTube video privacy')).toHaveCount(0);
  await postTo.getByLabel('YouTube').check();
  await expect(page.getByLabel('YouTube video privacy')).toHaveValue('private');
  await page.getByLabel('YouTube video privacy').selectOption({ label: 'Unlisted (anyone with the link)' });
  // Replies are read where people can address the agent: no Instagram or YouTube among the places to reply.
  const replyOn = page.getByRole('group', { name: 'Reply on' });
  await expect(replyOn.getByRole('checkbox')).toHaveCount(9);
  await expect(replyOn.getByRole('checkbox', { name: 'YouTube' })).toHaveCount(0);
  await expect(replyOn.getByRole('checkbox', { name: 'Instagram' })).toHaveCount(0);
  await screenshots(page, 'agent-form-behavior', page.getByRole('group', { name: 'Behavior & Configuration' }));
  await screenshots(page, 'agent-form-post-configuration', page.getByRole('group', { name: 'Post Configuration' }));

  await page.getByRole('button', { name: 'Create Agent' }).click();
  const row = page.getByRole('listitem', { name: 'Shorts Agent' });
  await expect(row).toBeVisible({ timeout: 5000 });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Post long texts as threads', { exact: true })).toBeChecked();
  await expect(page.getByLabel('YouTube video privacy')).toHaveValue('unlisted');
});
