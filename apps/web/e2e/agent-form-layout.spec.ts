import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { createAgentInForm } from './support/agents.ts';

// Issue 16 §1: the agent forms can be finished from wherever the person is on them.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-forms';
mkdirSync(SHOTS, { recursive: true });

const CREATE_SECTIONS = [
  'Core Details',
  'Content & Personality',
  'Training Data',
  'Behavior & Configuration',
  'Social Platforms & Credentials',
  'Post Configuration',
  'Chat Configuration',
];

/** The element lies wholly inside the visible area, measured as a person would see it. */
const expectInsideViewport = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
};

const pageScrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

test('at 1280 px: jump by section, watch the preview follow the fields, see the confirmation where you are', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInUser(page, 'layout-wide');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();

  const nav = page.getByRole('navigation', { name: 'Form sections' });
  await expect(nav.getByRole('link')).toHaveText(CREATE_SECTIONS);
  await expect(nav.getByRole('link', { name: 'Core Details' })).toHaveAttribute('aria-current', 'location');

  await nav.getByRole('link', { name: 'Social Platforms & Credentials' }).click();
  const social = page.getByRole('group', { name: 'Social Platforms & Credentials', exact: true });
  await expect(social).toBeInViewport();
  await expect(social).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Social Platforms & Credentials' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(nav).toBeInViewport();

  // By keyboard: focus a link, press Enter, and the section is there.
  await nav.getByRole('link', { name: 'Core Details' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Core Details', exact: true })).toBeInViewport();

  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByTestId('preview-name')).toHaveText('Unnamed Agent');
  await page.getByLabel('Name', { exact: true }).fill('Layout Pulse');
  await page.getByLabel('Description', { exact: true }).fill('Calm notes on markets and AI');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short, data-first posts.');
  await expect(preview.getByTestId('preview-name')).toHaveText('Layout Pulse');
  await expect(preview.getByTestId('preview-description')).toHaveText('Calm notes on markets and AI');

  await page.getByLabel('Topics').fill('markets');
  await page.keyboard.press('Enter');
  await expect(preview.getByTestId('preview-topics')).toHaveText('markets');
  // Once typing pauses, what the offline writer would write for these settings (issue 41 §2): about the topic.
  const offlineLabel = 'What the offline writer would post for these settings (no model connected)';
  await expect(preview.getByTestId('preview-post-label')).toHaveText(offlineLabel);
  await expect(preview.getByTestId('preview-post')).toContainText('markets');
  await expect(preview.getByTestId('preview-post')).toContainText('#Markets');

  // The sample posts' tone follows: their hashtag and excitement.
  await page.getByRole('button', { name: '+ Add sample post' }).click();
  await page.getByLabel('Sample post 1', { exact: true }).fill('Rates up, tech down! #MacroDesk');
  await expect(preview.getByTestId('preview-post')).toContainText('#MacroDesk');
  await expect(preview.getByTestId('preview-post')).toContainText('markets');
  await expect(preview.getByTestId('preview-post-label')).toHaveText(offlineLabel);
  await expect(preview).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/create-1280.png` });

  const create = page.getByRole('button', { name: 'Create Agent' });
  await expect(create).toBeInViewport();
  await create.click();
  const created = page.getByText('Agent "Layout Pulse" created successfully!');
  await expect(created).toBeVisible();
  await expectInsideViewport(page, created);
  await page.screenshot({ path: `${SHOTS}/created-1280.png` });
});

test('at 1280 px: the edit form saves from its last section and says so in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInUser(page, 'layout-edit');
  const row = await createAgentInForm(page, { name: 'Edit Layout Agent' });
  await row.getByRole('button', { name: 'Edit' }).click();

  const nav = page.getByRole('navigation', { name: 'Form sections' });
  await nav.getByRole('link', { name: 'Extra' }).click();
  await expect(page.getByRole('group', { name: 'Extra', exact: true })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Extra' })).toHaveAttribute('aria-current', 'location');
  await expect(nav).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/edit-1280.png` });

  await page.getByLabel('Graphics').check();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeInViewport();
  await save.click();
  const saved = page.getByText('Agent updated successfully!');
  await expect(saved).toBeVisible();
  await expectInsideViewport(page, saved);
});

test('at 375 px: no sideways scrolling, the Create button in reach, the preview on demand', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInUser(page, 'layout-phone');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  await expect(page.getByRole('heading', { name: 'Create Agent' })).toBeVisible();

  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
  await expectInsideViewport(page, page.getByRole('button', { name: 'Create Agent' }));
  await page.screenshot({ path: `${SHOTS}/create-375.png` });

  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByTestId('preview-name')).toBeHidden();
  await preview.getByRole('button', { name: 'Show preview' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Pocket Agent');
  await expect(preview.getByTestId('preview-name')).toHaveText('Pocket Agent');
  // With the preview open above the form, the button is still in reach.
  await expectInsideViewport(page, page.getByRole('button', { name: 'Create Agent' }));
  // One frame for the sticky footer to settle after the scroll that filling caused, so the picture shows the page.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: `${SHOTS}/create-375-preview.png` });

  // The section bar stays at the top while the form scrolls, and jumps like the rail does.
  const nav = page.getByRole('navigation', { name: 'Form sections' });
  await nav.getByRole('link', { name: 'Behavior & Configuration' }).click();
  await expect(page.getByRole('group', { name: 'Behavior & Configuration', exact: true })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Behavior & Configuration' })).toHaveAttribute('aria-current', 'location');
  await expectInsideViewport(page, nav);
  await expectInsideViewport(page, page.getByRole('button', { name: 'Create Agent' }));
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/create-375-scrolled.png` });
});

test('at 375 px: the edit form fits the width too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInUser(page, 'layout-phone-edit');
  const row = await createAgentInForm(page, { name: 'Phone Edit Agent' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('group', { name: 'Basic Information', exact: true })).toBeVisible();

  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
  const nav = page.getByRole('navigation', { name: 'Form sections' });
  await nav.getByRole('link', { name: 'AI Configuration' }).click();
  await expect(page.getByRole('group', { name: 'AI Configuration', exact: true })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'AI Configuration' })).toHaveAttribute('aria-current', 'location');
  await expectInsideViewport(page, nav);
  await expectInsideViewport(page, page.getByRole('button', { name: 'Save Changes' }));
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/edit-375.png` });
});
