import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Agent } from '@agentcast/contracts/agents';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { signedInUser } from './support/accounts.ts';
import { pngFile } from './support/files.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';
import { issuedTokens, oauthFakeUrl, connectXThenOpenDashboard } from './support/oauth.ts';

/**
 * Issue 15 §2–§3 in the browser: the Review tab as a person uses it, checked against what reached the fake X.
 * Set REVIEW_SCREENSHOTS=<dir> to also save screenshots of the tab at desktop and phone widths.
 */

const screenshotsDir = process.env.REVIEW_SCREENSHOTS;
const WIDTHS = { desktop: 1280, phone: 375 } as const;

/** Screenshots of the page at each width, when asked for (they are looked at, not compared). */
const screenshots = async (page: Page, name: string, focus?: Locator) => {
  if (!screenshotsDir) return;
  mkdirSync(screenshotsDir, { recursive: true });
  const before = page.viewportSize();
  for (const [label, width] of Object.entries(WIDTHS)) {
    await page.setViewportSize({ width, height: 900 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotsDir}/${name}-${label}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
};

/**
 * An agent with review on, posting to the terminal and X, created through the API from the signed-in page (the
 * page's cookie, its origin), as the form sends it: the form's "Review before posting" has tests of its own.
 */
const createReviewedAgent = async (page: Page, name: string, clients = ['terminal', 'x']) => {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/agents', {
    headers: { origin },
    data: {
      name,
      description: 'Writes about AI',
      prompt: 'You write short posts about AI.',
      activities: ['post'],
      review_before_posting: true,
      post_configuration: { topics: ['AI'], clients, interval: 180 },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Agent;
};

/** A verified person with X connected on the agent builder, and an agent of theirs with review on. */
const reviewerWithAgent = async (page: Page, label: string, agentName: string) => {
  await signedInUser(page, label);
  await connectXThenOpenDashboard(page);
  const agent = await createReviewedAgent(page, agentName);
  await page.goto('/dashboard');
  return agent;
};

/** Triggers the agent from its AgentBoard row, as a person does, and waits for the draft. */
const triggerFromBoard = async (page: Page, agentName: string) => {
  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  await page.getByRole('listitem', { name: agentName }).getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/awaiting review in the Review tab/)).toBeVisible({ timeout: 15_000 });
};

const X_ACCOUNT_ID = '1460000000000000001';
const unescapeHtml = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The texts of the posts the fake X holds for the connected account (every connection here is that account). */
const postsOnX = async () => {
  const base = oauthFakeUrl('x');
  for (const token of (await issuedTokens('x')).reverse()) {
    const response = await fetch(`${base}/2/users/${X_ACCOUNT_ID}/tweets?max_results=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // Refresh tokens and expired ones are refused: another token will do.
    if (!response.ok) continue;
    const page = (await response.json()) as { data?: { text: string }[] };
    return (page.data ?? []).map((post) => unescapeHtml(post.text));
  }
  throw new Error('No token the fake X accepts');
};
const timesOnX = async (text: string) => (await postsOnX()).filter((posted) => posted === text).length;

const draftCard = (page: Page, agentName: string) => page.getByRole('listitem', { name: `Draft by ${agentName}` });
const reviewTab = (page: Page) => page.getByRole('tab', { name: /^Review/ });
const latestTerminalEntry = (page: Page) =>
  page.getByRole('list', { name: 'Terminal messages' }).getByRole('listitem').first();

test('an edited draft is posted with exactly the edited text; a rejected one never goes out, with its reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agentName = 'Review Agent';
  await reviewerWithAgent(page, 'reviewer', agentName);
  await triggerFromBoard(page, agentName);

  await expect(reviewTab(page)).toHaveAccessibleName('Review 1 waiting');
  await reviewTab(page).click();
  await expect(page).toHaveURL(/[?&]tab=review/);
  const card = draftCard(page, agentName);
  await expect(card.getByText(DRAFT_MESSAGES.awaitingReview, { exact: true })).toBeVisible();
  // The reader's local time, the zone named.
  await expect(card.locator('time')).toHaveText(/\d\d:\d\d\s+\S+/);
  const xPreview = card.getByRole('article', { name: 'X preview' });
  await expect(xPreview).toContainText(FAKE_MODEL_POST);
  const written = (await xPreview.getByTestId('x-preview-text').textContent()) ?? '';
  await expect(xPreview.getByLabel(`X: ${written.length} of 280 characters`)).toBeVisible();
  await screenshots(page, 'review-drafts', card);

  await card.getByRole('button', { name: 'Edit' }).click();
  const textBox = card.getByLabel('Post text');
  await expect(textBox).toHaveValue(written);
  // Too long for X: said at once, counted live, and not sent.
  await textBox.fill('x'.repeat(281));
  await expect(card.getByText('Too long for X: 281 characters of 280.')).toBeVisible();
  await expect(xPreview.getByLabel('X: 281 of 280 characters')).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(textBox).toBeVisible();
  const edited = `Edited in the Review tab before it went out (${Date.now()}). #AI`;
  await textBox.fill(edited);
  await expect(xPreview.getByLabel(`X: ${edited.length} of 280 characters`)).toBeVisible();
  await screenshots(page, 'review-edit', card);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(textBox).toBeHidden();
  await expect(xPreview.getByTestId('x-preview-text')).toHaveText(edited);

  // The edit is the server's too: it is there after a reload.
  await page.reload();
  await expect(draftCard(page, agentName).getByTestId('x-preview-text')).toHaveText(edited);

  await draftCard(page, agentName).getByRole('button', { name: 'Post now' }).click();
  await expect(page.getByText(/^Approved: Review Agent's post/)).toBeVisible();
  await expect(draftCard(page, agentName)).toHaveCount(0);
  await expect(reviewTab(page)).toHaveAccessibleName('Review');

  await expect.poll(() => timesOnX(edited), { timeout: 15_000 }).toBe(1);
  expect(await timesOnX(written)).toBe(0);
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(latestTerminalEntry(page)).toContainText(edited);
  await expect(latestTerminalEntry(page).getByRole('list', { name: 'Deliveries' })).toContainText('Posted to X', {
    timeout: 15_000,
  });

  // Rejected with a reason: gone from the list, never on X, the reason in the terminal.
  await triggerFromBoard(page, agentName);
  await reviewTab(page).click();
  const second = draftCard(page, agentName);
  const secondText = (await second.getByTestId('x-preview-text').textContent()) ?? '';
  await second.getByRole('button', { name: 'Reject' }).click();
  await second.getByLabel('Reason for rejecting (optional)').fill('Off brand for us');
  await second.getByRole('button', { name: 'Reject draft' }).click();
  await expect(draftCard(page, agentName)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect(latestTerminalEntry(page)).toContainText(DRAFT_MESSAGES.rejected('Off brand for us'));
  await expect(latestTerminalEntry(page).getByRole('list', { name: 'Deliveries' })).toContainText('Rejected in review');
  expect(await timesOnX(secondText)).toBe(0);
});

test('several drafts are approved at once, after one is regenerated and its first version chosen back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agentName = 'Bulk Agent';
  await reviewerWithAgent(page, 'bulk-reviewer', agentName);
  await triggerFromBoard(page, agentName);
  await triggerFromBoard(page, agentName);

  await reviewTab(page).click();
  await expect(reviewTab(page)).toHaveAccessibleName('Review 2 waiting');
  const cards = draftCard(page, agentName);
  await expect(cards).toHaveCount(2);
  const texts = await cards.getByTestId('x-preview-text').allTextContents();

  const first = cards.first();
  await first.getByRole('button', { name: 'Regenerate' }).click();
  await expect(first.getByRole('progressbar', { name: 'Writing a new version' })).toBeVisible();
  // The new version waits beside the text in place until it is chosen.
  const versions = first.getByRole('region', { name: 'Other versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
  await expect(first.getByTestId('x-preview-text')).toHaveText(texts[0]!);
  const regenerated = (await versions.getByRole('listitem').first().locator('p').textContent()) ?? '';
  expect(regenerated).not.toBe(texts[0]);
  await versions.getByRole('button', { name: /^Use the version from/ }).click();
  await expect(first.getByTestId('x-preview-text')).toHaveText(regenerated);
  await expect(versions).toContainText(texts[0]!);
  // And back: the first text is what goes out.
  await versions.getByRole('button', { name: /^Use the version from/ }).click();
  await expect(first.getByTestId('x-preview-text')).toHaveText(texts[0]!);

  await page.getByLabel(`Select the draft by ${agentName}`).first().check();
  await page.getByLabel(`Select the draft by ${agentName}`).last().check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  await expect(page.getByText(/^Approved 2 drafts/)).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No drafts are waiting for review.')).toBeVisible();

  await expect
    .poll(async () => [await timesOnX(texts[0]!), await timesOnX(texts[1]!)], { timeout: 15_000 })
    .toEqual([1, 1]);
  expect(await timesOnX(regenerated)).toBe(0);
});

test('a post written in the Review tab is previewed per platform of its agent, checked and posted to X', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const agentName = 'Compose Agent';
  await reviewerWithAgent(page, 'composer', agentName);
  await createReviewedAgent(page, 'Everywhere Agent', ['terminal', 'x', 'linkedin']);
  await page.goto('/dashboard?tab=review');
  await page.getByRole('button', { name: 'Write a post' }).click();
  const form = page.getByRole('region', { name: 'Write a post' });
  const text = `Written by hand in the Review tab (${Date.now()}).`;
  await form.getByLabel('Post text').fill(text);
  await form.getByLabel('Images or a video (optional)').setInputFiles(await pngFile('chart.png'));

  // The previews follow the chosen agent's platforms.
  await form.getByLabel('Agent').selectOption({ label: 'Everywhere Agent' });
  await expect(form.getByRole('article', { name: 'LinkedIn preview' })).toContainText(text);
  await expect(form.getByLabel(`LinkedIn: ${text.length} of 3000 characters`).first()).toBeVisible();
  await expect(form.getByRole('img', { name: 'Media of the LinkedIn post' })).toBeVisible();
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form.getByText('Choose when to publish it.')).toBeVisible();
  await screenshots(page, 'review-compose', form);

  await form.getByLabel('Agent').selectOption({ label: agentName });
  await expect(form.getByRole('article', { name: 'LinkedIn preview' })).toHaveCount(0);
  const xPreview = form.getByRole('article', { name: 'X preview' });
  await expect(xPreview).toContainText(text);
  await expect(xPreview.getByRole('img', { name: 'Media 1 of the X post' })).toBeVisible();
  await expect(form.getByLabel(`X: ${text.length} of 280 characters`).first()).toBeVisible();

  await form.getByRole('button', { name: 'Post now' }).click();
  await expect(page.getByText(`Posted: ${agentName}'s post is on its way. Follow it in the Terminal.`)).toBeVisible();
  await expect(form.getByLabel('Post text')).toHaveValue('');
  await expect.poll(() => timesOnX(text), { timeout: 15_000 }).toBe(1);
});

test('a draft for a chosen time expires unapproved, is listed as expired, and Reschedule puts it back for review', async ({
  page,
}) => {
  // The server's sweeper looks for late drafts every 15 s.
  test.setTimeout(90_000);
  const agent = await reviewerWithAgent(page, 'expiry', 'Punctual Agent');
  const text = `On time or not at all (${Date.now()}).`;
  const saved = await page.request.post(`/api/agents/${agent.id}/posts`, {
    headers: { origin: new URL(page.url()).origin },
    data: { text, draft: true, publish_at: new Date(Date.now() + 2000).toISOString() },
  });
  expect(saved.status()).toBe(201);
  await reviewTab(page).click();

  const expired = page.getByRole('region', { name: 'Expired' }).getByRole('listitem', {
    name: 'Expired draft by Punctual Agent',
  });
  await expect(expired).toContainText(text, { timeout: 45_000 });
  await expect(expired).toContainText('not approved by then, so it was not published');
  await expired.getByRole('button', { name: 'Reschedule' }).click();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await expired.getByLabel('Day').fill(day);
  await expired.getByLabel('Time').fill('10:00');
  await expired.getByRole('button', { name: 'Reschedule' }).click();

  await expect(page.getByText(/^Rescheduled: Punctual Agent's draft waits for review again/)).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Drafts awaiting review' }).getByRole('listitem', {
    name: 'Draft by Punctual Agent',
  });
  await expect(waiting).toContainText(text);
  await expect(waiting.getByRole('list', { name: 'Approvals' })).toContainText(
    'Not approved by its planned time, it expires and is not published.',
  );
  await expect(page.getByRole('region', { name: 'Expired' })).toHaveCount(0);
});
