import { expect, test, type Page } from '@playwright/test';
import type { AgentsPage } from '@agentcast/contracts/agents-page';
import { mailedLinkFor, signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';

/** The name sign-up gives a person: their address before the @. */
const nameOf = (email: string) => email.split('@')[0]!;

type CapturedMail = { to: string[]; subject: string; text: string };

/**
 * The Review link of the e-mail to this address that begins with this headline. Its subject says the same, but one
 * with a long name is folded over two header lines, of which the sink keeps the first.
 */
const mailedReviewLink = async (email: string, headline: string) => {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${process.env.E2E_MAIL_URL}/messages`)).json()) as CapturedMail[];
      const mail = mails.find((each) => each.to.includes(email) && each.text.startsWith(headline));
      link = mail?.text.match(/See it in Review: (\S+)/)?.[1];
      return link;
    })
    .toBeTruthy();
  return link!;
};

/** A post of this agent saved as a draft, as the composer saves one; the agent asks for an approval. */
const saveDraft = async (page: Page, agentName: string, text: string) => {
  const origin = new URL(page.url()).origin;
  const { agents } = (await (await page.request.get('/api/agents')).json()) as AgentsPage;
  const agent = agents.find((each) => each.name === agentName)!;
  const saved = await page.request.post(`/api/agents/${agent.id}/posts`, {
    headers: { origin },
    data: { text, draft: true },
  });
  expect(saved.status()).toBe(201);
};

test('an owner @mentions a reviewer in a comment on a draft; the reviewer’s e-mail opens it in the team’s Review', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = await signedInUser(page, 'comment-owner');
  const ownerName = nameOf(owner.email);
  const reviewerContext = await browser.newContext();
  const theirs = await reviewerContext.newPage();
  const reviewer = await signedInUser(theirs, 'comment-reviewer');
  const reviewerName = nameOf(reviewer.email);

  // The owner invites the reviewer, who accepts from the e-mail.
  await page.goto('/settings');
  const members = page.getByRole('region', { name: /^Members of / });
  await members.getByLabel('E-mail address').fill(reviewer.email);
  await members.getByLabel('Role', { exact: true }).selectOption('reviewer');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await theirs.goto(await mailedLinkFor(reviewer.email, `Join ${ownerName}'s workspace on Agentcast`));
  await theirs.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(theirs).toHaveURL(/\/dashboard\?workspace=/);

  // A draft waits for review.
  await createAgent(page, { name: 'Daily AI', reviewBeforePosting: true, interval: 1440 });
  const text = `Small models had a big week (${Date.now()}).`;
  await saveDraft(page, 'Daily AI', text);

  // The owner comments on it, picking the reviewer from the members offered after "@".
  await page.getByRole('tab', { name: /^Review/ }).click();
  const draft = page
    .getByRole('list', { name: 'Drafts awaiting review' })
    .getByRole('listitem', { name: 'Draft by Daily AI' })
    .filter({ hasText: text });
  const field = draft.getByRole('textbox', { name: 'Comment' });
  await field.click();
  await field.pressSequentially('Can you check the numbers, @');
  const offered = draft.getByRole('listbox', { name: 'Members to mention' });
  await expect(offered.getByRole('option')).toHaveText([`${reviewerName}Reviewer`]);
  await offered.getByRole('option', { name: new RegExp(reviewerName) }).click();
  await expect(offered).toBeHidden();
  await field.pressSequentially('before noon?');
  await expect(field).toHaveValue(`Can you check the numbers, @${reviewerName} before noon?`);
  await draft.getByRole('button', { name: 'Comment', exact: true }).click();

  const comments = draft.getByRole('list', { name: 'Comments' });
  await expect(comments).toContainText(`Can you check the numbers, @${reviewerName} before noon?`);
  await expect(comments.locator('strong')).toHaveText(`@${reviewerName}`);
  await expect(comments).toContainText(ownerName);
  await expect(field).toHaveValue('');

  // The reviewer's e-mail links to Review in the owner's workspace, even from a tab that shows their own.
  const link = await mailedReviewLink(reviewer.email, `${ownerName} mentioned you on a draft of Daily AI`);
  expect(new URL(link).searchParams.get('tab')).toBe('review');
  const fromMail = await reviewerContext.newPage();
  await fromMail.goto(link);
  const shown = fromMail
    .getByRole('list', { name: 'Drafts awaiting review' })
    .getByRole('listitem', { name: 'Draft by Daily AI' })
    .filter({ hasText: text });
  await expect(shown.getByRole('list', { name: 'Comments' })).toContainText(
    `Can you check the numbers, @${reviewerName} before noon?`,
  );
  await expect(fromMail.getByLabel('Workspace')).toHaveValue(/.+/);
  await expect(fromMail.getByLabel('Workspace').locator('option:checked')).toHaveText(`${ownerName}'s workspace`);
  // As a Reviewer they approve or reject, and are offered nothing to write.
  await expect(shown.getByRole('button', { name: /^(Approve|Post now|Edit|Regenerate|Reject)$/ })).toHaveText([
    'Approve',
    'Post now',
    'Reject',
  ]);
  await expect(fromMail.getByRole('button', { name: 'Write a post' })).toHaveCount(0);
  await reviewerContext.close();
});
