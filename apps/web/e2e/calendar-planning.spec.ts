import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';

// Issue 41 §7 in the Calendar: a free hour opens the composer at that time; a draft moves by dragging or by keys.

const TIME_ZONE = 'Europe/Berlin';
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const DAY = 86_400_000;

/** A day `offset` days from today in Berlin: its key and its heading in the Calendar ("Wed, Nov 25"). */
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

/**
 * An agent with review on, through the API from the signed-in page, and a draft of it written in the composer (the
 * same run as an agent's own draft, without waiting on a model).
 */
const agentWithDraft = async (page: Page, name: string) => {
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/agents', {
    headers: { Origin: origin },
    data: {
      name,
      description: 'Writes drafts for review',
      prompt: 'You write calm posts about AI.',
      activities: ['post'],
      review_before_posting: true,
      post_configuration: { topics: ['AI'], interval: 1440, clients: ['terminal'] },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const draft = await page.request.post(`/api/agents/${id}/posts`, {
    headers: { Origin: origin },
    data: { text: `A draft to move around (${Date.now()}).`, draft: true },
  });
  expect(draft.status()).toBe(201);
};

const openCalendar = async (page: Page) => {
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page.getByText(`Times in ${TIME_ZONE}`)).toBeVisible();
};

/**
 * Drags with the mouse as a person does: pressed on the entry, moved a little (the browser starts a drag only then),
 * then over the hour and released. The page is tall enough to hold both, as a person scrolls before dragging.
 */
const dragOnto = async (page: Page, source: Locator, target: Locator) => {
  await page.setViewportSize({ width: 1280, height: 1600 });
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
};

const column = (page: Page, heading: string) =>
  page.getByRole('list', { name: 'Week' }).getByRole('listitem', { name: heading, exact: true });

/** Spoken as the Calendar names an hour: 18 → "6:00 PM". */
const hourLabel = (hour: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 1, hour),
  );

test('clicking a free hour opens the composer at that time; Enter on another does too', async ({ page }) => {
  await signedInUser(page, 'calendar-free-hour');
  await agentWithDraft(page, 'Slot Writer');
  await openCalendar(page);

  // The agent posts daily at the minute it was created, so the hour of now holds a planned post every day and has no
  // free slot: the test writes at two hours far from it (it failed when run between 14:00 and 15:59 in Berlin).
  const nowHour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }).format(new Date()),
  );
  const hour = nowHour < 12 ? 18 : 6;
  const asInput = (at: number) => `${String(at).padStart(2, '0')}:00`;
  const target = berlinDay(2);
  await page.getByRole('button', { name: `Write a post for ${target.heading} at ${hourLabel(hour)}` }).click();
  await expect(page).toHaveURL(new RegExp(`tab=review&compose=${target.key}T${asInput(hour).replace(':', '%3A')}`));
  const form = page.getByRole('region', { name: 'Write a post' });
  await expect(form.getByLabel('Day')).toHaveValue(target.key);
  await expect(form.getByLabel('Time')).toHaveValue(asInput(hour));
  await expect(form.getByTestId('compose-time-summary')).toContainText(`(${TIME_ZONE})`);

  // The keyboard: one Tab stop for the free hours, arrow keys between them, Enter opens the composer.
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=calendar$/);
  const slot = page.getByRole('button', { name: `Write a post for ${target.heading} at ${hourLabel(hour)}` });
  await slot.focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByRole('button', { name: `Write a post for ${target.heading} at ${hourLabel(hour + 1)}` }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Time')).toHaveValue(asInput(hour + 1));
});

test('a draft is dragged to another day, and moved again with the arrow keys', async ({ page }) => {
  await signedInUser(page, 'calendar-drag');
  await agentWithDraft(page, 'Mover');
  await openCalendar(page);
  const draft = page.getByRole('listitem', { name: /^Mover: Draft awaiting review, / });
  await expect(draft).toHaveCount(1);
  // The draft keeps its minutes past the hour wherever it goes.
  const at = new Date((await draft.locator('time').getAttribute('datetime'))!);
  const minute = String(at.getUTCMinutes()).padStart(2, '0');

  const dropDay = berlinDay(3);
  await dragOnto(page, draft, page.locator(`[data-slot="${dropDay.key} 10"]`));
  await expect(page.getByTestId('move-status')).toHaveText(`Draft moved to ${dropDay.heading}, 10:${minute} AM.`);
  const moved = column(page, dropDay.heading).getByRole('listitem', { name: /^Mover: Draft awaiting review, / });
  // It keeps its minutes past the hour.
  await expect(moved).toContainText(`10:${minute} AM`);

  // On its Move button the arrow keys choose another day, said aloud; Enter moves it there.
  const move = page.getByRole('button', { name: /^Move Mover’s draft of / });
  await move.focus();
  await page.keyboard.press('ArrowRight');
  const nextDay = berlinDay(4);
  await expect(page.getByTestId('move-status')).toContainText(`Move to ${nextDay.heading}, 10:${minute} AM?`);
  await expect(page.getByText('Draft goes here')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('move-status')).toHaveText(`Draft moved to ${nextDay.heading}, 9:${minute} AM.`);
  const again = column(page, nextDay.heading).getByRole('listitem', { name: /^Mover: Draft awaiting review, / });
  await expect(again).toContainText(`9:${minute} AM`);
  await expect(page.getByRole('button', { name: /^Move Mover’s draft of / })).toBeFocused();
  await expect(page.getByLabel('New time')).toHaveCount(0);
});
