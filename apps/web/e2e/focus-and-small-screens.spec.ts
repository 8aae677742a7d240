import { expect, test, type Page } from '@playwright/test';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents-constants';
import { signedInUser } from './support/accounts.ts';
import { createAgent, createAgentInForm } from './support/agents.ts';
import { FAKE_MODEL_POST } from './support/global-setup.ts';

// Issue 41 §8: focus follows what the person opened, made and triggered; nothing focused hides under a sticky bar;
// at 375 px no page is wider than the screen and a form's first field is in sight.
const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 740 } });

/** The focused element's box against every fixed or sticky bar it is not inside of: where they overlap, if anywhere. */
const focusHiddenUnderBar = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    for (const bar of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const position = getComputedStyle(bar).position;
      if ((position !== 'sticky' && position !== 'fixed') || bar.contains(focused) || focused.contains(bar)) continue;
      const barBox = bar.getBoundingClientRect();
      if (barBox.width === 0 || barBox.height === 0) continue;
      const overlap = Math.min(box.bottom, barBox.bottom) - Math.max(box.top, barBox.top);
      const sideways = Math.min(box.right, barBox.right) - Math.max(box.left, barBox.left);
      // A sticky bar in its place in the flow (not stuck) is not over anything.
      if (overlap > 2 && sideways > 2)
        return `${focused.tagName} "${focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 30)}" under ${bar.tagName}.${bar.className.slice(0, 40)}`;
    }
    return null;
  });

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

test('focus moves to the form that opened, the new sample post, the confirmation, the board and the trigger outcome', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'focus-follows');

  await page.getByRole('button', { name: '+ Create New Agent' }).click();
  await expect(page.getByRole('heading', { name: 'Create Agent' })).toBeFocused();
  // The first field is in sight, above the sticky Create Agent bar, though the welcome banner and the tabs came first.
  const name = await page.getByLabel('Name', { exact: true }).boundingBox();
  const submitBar = await page.getByRole('button', { name: 'Create Agent' }).boundingBox();
  expect(name && submitBar && name.y + name.height <= submitBar.y, 'the Name field above the Create Agent bar').toBe(
    true,
  );

  await page.getByRole('button', { name: '+ Add sample post' }).click();
  await expect(page.getByRole('textbox', { name: 'Sample post 1' })).toBeFocused();
  await page.keyboard.type('gm builders');
  await page.getByRole('button', { name: 'Remove sample post 1' }).click();
  await expect(page.getByRole('button', { name: '+ Add sample post' })).toBeFocused();

  // Tabbing down the form, no stop hides under the section bar or the Create Agent bar (once the page has scrolled
  // to it: the page scrolls smoothly).
  await page.getByRole('heading', { name: 'Create Agent' }).focus();
  for (let stop = 0; stop < 30; stop += 1) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focusHiddenUnderBar(page), { message: `stop ${stop}` }).toBeNull();
  }

  await page.goto('/dashboard');
  await createAgentInForm(page, { name: 'Focus Agent' });
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeFocused();
  // (The confirmation had focus for its 2 s: the board's title takes it when the form goes.)

  const trigger = page.getByRole('listitem', { name: 'Focus Agent' }).getByRole('button', { name: 'Trigger' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  // While it runs the button keeps focus (it is not a disabled button, which would drop focus to the page's start).
  await expect(page.getByRole('button', { name: 'Triggering...' })).toBeFocused();
  const outcome = page
    .getByRole('status')
    .filter({ hasText: `Agent triggered successfully! Response: ${FAKE_MODEL_POST}` });
  await expect(outcome).toBeFocused({ timeout: 15_000 });
});

test('the confirmation of a new agent takes focus', async ({ page }) => {
  await signedInUser(page, 'focus-created');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Announced Agent');
  await page.getByLabel('Description', { exact: true }).fill('Writes about AI');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short posts about AI.');
  await page.getByLabel('Topics').fill('AI');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create Agent' }).click();
  await expect(page.getByRole('status').filter({ hasText: AGENT_MESSAGES.created('Announced Agent') })).toBeFocused();
});

test('the dashboard skip link is the first stop and lands in the content', async ({ page }) => {
  await signedInUser(page, 'focus-skip');
  // The note shows on the first gated page of a browser session, the sign-in's landing page, which marks it seen
  // once shown. Once it has, the session forgets it, so the next page is a first page again.
  const seen = () => page.evaluate(() => window.sessionStorage.getItem('agentcast.gate-off-notice-seen'));
  await expect.poll(seen).toBe('1');
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto('/dashboard?tab=calendar');
  await expect(page.getByRole('tab', { name: 'Calendar', selected: true })).toBeVisible();
  // The operator's note on a server without a membership contract shows above the page, yet after the skip link.
  await expect(page.getByTestId('gate-off-notice')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
});

test('at 375 px the Calendar of a paused agent under review with a long name fits the screen', async ({ page }) => {
  await signedInUser(page, 'narrow-calendar');
  const row = await createAgent(page, {
    name: 'Community Announcements Weekly',
    reviewBeforePosting: true,
  });
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const legend = page.getByRole('list', { name: 'Agents on the calendar' });
  await expect(legend.getByText('Paused', { exact: true })).toBeVisible();
  await expect(legend.getByText('Review', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});
