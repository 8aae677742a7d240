import { expect, test, type Page } from '@playwright/test';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { connectXThenOpenDashboard } from './support/oauth.ts';

// The viewer's time zone is Berlin's, whatever this machine's is: the calendar names it and shows times in it.
const TIME_ZONE = 'Europe/Berlin';
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const DAY = 86_400_000;

/** A day of the Calendar as its heading names it ("Wed, Nov 25"), `offset` days from today in Berlin. */
const berlinDay = (offset: number) => {
  const key = new Date(Date.now() + offset * DAY).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const heading = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${key}T12:00:00Z`));
  return { key, heading };
};

const openCalendar = async (page: Page) => {
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\?tab=calendar$/);
  await expect(page.getByText(`Times in ${TIME_ZONE}`)).toBeVisible();
};

/** The calendar's entries of an agent whose label starts so (e.g. "Posts", "Skipped by you"). */
const entries = (page: Page, agent: string, label: string) =>
  page.getByRole('listitem', { name: new RegExp(`^${agent}: ${label}, `) });

test('an agent’s planned posts in the week and the list; skip one and undo; pause and resume it', async ({ page }) => {
  await signedInUser(page, 'calendar');
  const row = await createAgent(page, { name: 'Daily Digest', interval: 1440 });
  await expect(row.getByTestId('next-post')).toContainText('Next post');

  await openCalendar(page);
  const week = page.getByRole('list', { name: 'Week' });
  await expect(week).toBeVisible();
  await expect(week.getByRole('listitem', { name: berlinDay(0).heading, exact: true })).toBeVisible();
  await expect(week.getByRole('listitem', { name: berlinDay(6).heading, exact: true })).toBeVisible();
  // A post a day, the first a day after its creation: six in the week ahead, each saying it will post. The counts
  // below follow these six: the seventh sits at the calendar's far edge (7 × 24 h ahead) and may come into it while
  // the test runs, as the edge moves with the clock.
  const sixDays = [1, 2, 3, 4, 5, 6].map((offset) => berlinDay(offset).heading).join('|');
  const posts = page.getByRole('listitem', { name: new RegExp(`^Daily Digest: Posts, (${sixDays}), `) });
  await expect(posts).toHaveCount(6);
  const legend = page
    .getByRole('list', { name: 'Agents on the calendar' })
    .getByRole('listitem', { name: 'Daily Digest' });
  await expect(legend).toContainText('Next post');

  // The calendar reaches 7 × 24 h ahead: with the agent's jitter, its seventh post may fall just inside, on an eighth
  // day, which the week view only mentions and the list shows.
  const laterNote = page.getByText(/^\d+ more entr(?:y|ies) after these 7 days/);
  const later = (await laterNote.count()) > 0 ? Number((await laterNote.textContent())?.match(/^\d+/)?.[0]) : 0;
  const onTheEighthDay = page.getByRole('listitem', {
    name: new RegExp(`^Daily Digest: Posts, ${berlinDay(7).heading}, `),
  });

  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Week' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Days' })).toBeVisible();
  await expect(posts).toHaveCount(6);
  await expect.poll(() => onTheEighthDay.count()).toBeGreaterThanOrEqual(later);
  await expect(page.getByRole('list', { name: 'Days' }).getByRole('heading').first()).toHaveText(berlinDay(1).heading);

  // Skip the first planned post: it stays on the calendar as skipped; Undo plans it again.
  await page
    .getByRole('button', { name: /^Skip Daily Digest’s post at / })
    .first()
    .click();
  await expect(entries(page, 'Daily Digest', 'Skipped by you')).toHaveCount(1);
  await expect(posts).toHaveCount(5);
  await page.getByRole('button', { name: /^Undo skip of Daily Digest’s post at / }).click();
  await expect(entries(page, 'Daily Digest', 'Skipped by you')).toHaveCount(0);
  await expect(posts).toHaveCount(6);

  // Paused, it plans nothing and says so; the AgentBoard no longer names a next post.
  await page.getByRole('button', { name: 'Pause Daily Digest' }).click();
  await expect(posts).toHaveCount(0);
  await expect(legend).toContainText('Paused: nothing is planned until you resume it.');
  await expect(page.getByText('Nothing planned for the next 7 days')).toBeVisible();
  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  await expect(row.getByTestId('next-post')).not.toContainText('Next post');

  await openCalendar(page);
  await page.getByRole('button', { name: 'Resume Daily Digest' }).click();
  await expect(posts.first()).toBeVisible();
  await expect(legend).toContainText('Next post');
  await page.getByRole('tab', { name: 'AgentBoard' }).click();
  await expect(row.getByTestId('next-post')).toContainText('Next post');
});

test('a draft of an agent with review on moves to another time in the Calendar', async ({ page, baseURL }) => {
  await signedInUser(page, 'calendar-draft');
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/agents', {
    headers: { Origin: origin },
    data: {
      name: 'Careful Writer',
      description: 'Writes drafts for review',
      prompt: 'You write calm posts about AI.',
      activities: ['post'],
      review_before_posting: true,
      post_configuration: { topics: ['AI'], interval: 1440, clients: ['terminal'] },
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  const row = page.getByRole('listitem', { name: 'Careful Writer' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled({ timeout: 10_000 });

  await openCalendar(page);
  const draft = entries(page, 'Careful Writer', 'Draft awaiting review');
  await expect(draft).toHaveCount(1);
  // The agent's own coming slots will be drafts too.
  await expect(entries(page, 'Careful Writer', 'Draft for review').first()).toBeVisible();

  // A time that has passed is refused, in the server's words.
  await page.getByRole('button', { name: /^Move Careful Writer’s draft of / }).click();
  const newTime = page.getByLabel('New time');
  await expect(newTime).toBeFocused();
  await newTime.fill(`${berlinDay(-1).key}T10:30`);
  await page.getByRole('button', { name: 'Move draft' }).click();
  await expect(page.getByRole('alert')).toHaveText(DRAFT_MESSAGES.pastTime);

  // Three days on at 10:30 in Berlin: the draft shows in that day's column at that time.
  const target = berlinDay(3);
  await newTime.fill(`${target.key}T10:30`);
  await page.getByRole('button', { name: 'Move draft' }).click();
  await expect(page.getByText('Draft moved.')).toBeVisible();
  await expect(page.getByLabel('New time')).toHaveCount(0);
  const column = page.getByRole('list', { name: 'Week' }).getByRole('listitem', { name: target.heading, exact: true });
  await expect(column.getByRole('listitem', { name: /^Careful Writer: Draft awaiting review, / })).toContainText(
    '10:30 AM',
  );
  await expect(draft).toHaveCount(1);
});

test('a post published to X is taken back from the Calendar, after confirming, and then shows when it was removed', async ({
  page,
}) => {
  await signedInUser(page, 'calendar-delete');
  await connectXThenOpenDashboard(page);
  const row = await createAgent(page, { name: 'Calendar Poster' });
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(page.getByText(/^Agent triggered successfully!/)).toBeVisible({ timeout: 15_000 });

  await openCalendar(page);
  const published = entries(page, 'Calendar Poster', 'Published');
  await expect(published.getByRole('link', { name: 'View on X (opens in a new tab)' })).toBeVisible({
    timeout: 15_000,
  });
  await published.getByRole('button', { name: 'Delete from X' }).click();
  await published.getByRole('group', { name: 'Delete from X?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(published.getByText(/^Removed from X on /)).toBeVisible();
  await expect(published.getByRole('link', { name: 'View on X (opens in a new tab)' })).toHaveCount(0);
});
