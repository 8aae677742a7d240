import { expect, test } from '@playwright/test';
import { waitForAppStarted } from './support/app-started.ts';

test('a visitor goes from the landing page to Sign Up, or to Log in', async ({ page }) => {
  await page.goto('/');
  await waitForAppStarted(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Automate your social media');
  await page.getByRole('link', { name: 'Launch Your Agent' }).first().click();
  await expect(page).toHaveURL(/\/login\?tab=signup$/);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/#pricing');
  await waitForAppStarted(page);
  await page.getByRole('link', { name: 'Get Pro' }).click();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/');
  await waitForAppStarted(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('the pricing toggle switches every figure', async ({ page }) => {
  await page.goto('/#pricing');
  await waitForAppStarted(page);
  const prices = page.locator('[data-testid^="price-"]');
  const monthly = await prices.allTextContents();
  expect(monthly.join(' ')).toContain('$150/month');
  expect(monthly.join(' ')).toContain('$250/month');

  await page.getByRole('button', { name: 'Yearly' }).click();
  const yearly = await prices.allTextContents();

  expect(yearly.join(' ')).toContain('$1350/year');
  expect(yearly.join(' ')).toContain('$2400/year');
  expect(yearly).toHaveLength(3);
  yearly.forEach((figure, index) => expect(figure).not.toBe(monthly[index]));
});

test('at 375px the menu toggle appears and opens the menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await waitForAppStarted(page);
  await expect(page.getByRole('link', { name: 'Pricing' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(menu.getByRole('link', { name: 'Launch Your Agent' })).toHaveAttribute('href', '/login?tab=signup');
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(menu).toHaveCount(0);
});

test('an unknown path goes to the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the footer links to the legal pages, which are real pages', async ({ page }) => {
  await page.goto('/');
  await waitForAppStarted(page);
  for (const [name, path] of [
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
    ['Cookie Policy', '/cookies'],
    ['Security', '/security'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goto('/');
    await waitForAppStarted(page);
  }
});

test('Watch Demo opens a product tour that Escape closes', async ({ page }) => {
  await page.goto('/');
  await waitForAppStarted(page);
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Product tour' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '1. Describe your agent' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: '2. It writes' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the tweets tab stays readable when X’s embed script cannot load', async ({ page }) => {
  await page.route('https://platform.twitter.com/**', (route) => route.abort());
  await page.goto('/#content');
  await waitForAppStarted(page);
  await page.getByRole('tab', { name: 'Tweets' }).click();
  await expect(page.getByText('Live embeds from X could not load, so the posts are shown as text.')).toBeVisible();
  await expect(page.getByText(/guidance matters more than beats/)).toBeVisible();
});

test('the hero shows the product: the dashboard on a wide screen, one post on a phone', async ({ page }) => {
  const preview = page.getByRole('img', { name: /^The Agentcast dashboard’?'?s terminal/ });
  const shownFile = () => preview.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc);

  await page.goto('/');
  await waitForAppStarted(page);
  await expect.poll(shownFile).toMatch(/dashboard-terminal-1152-.*\.webp$/);
  expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect.poll(shownFile).toMatch(/terminal-post-phone-670-.*\.webp$/);
});

test('the showcase examples are the product’s own renders, and each one loads', async ({ page }) => {
  await page.goto('/#content');
  await waitForAppStarted(page);
  for (const tab of ['Graphics', 'Memes']) {
    await page.getByRole('tab', { name: tab }).click();
    const images = page.getByRole('tabpanel').getByRole('img');
    await expect(images).toHaveCount(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
    }
  }
  await page.getByRole('tab', { name: 'Videos' }).click();
  for (const video of await page.getByRole('tabpanel').locator('video').all()) {
    const poster = await video.getAttribute('poster');
    expect((await page.request.get(poster ?? '')).headers()['content-type']).toBe('image/webp');
  }
});
