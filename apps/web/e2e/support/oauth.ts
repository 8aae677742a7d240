import { expect, type Page } from '@playwright/test';

type Platform = 'linkedin' | 'x' | 'youtube' | 'instagram' | 'threads' | 'facebook' | 'tiktok';

/** The loopback provider of a platform, as the global setup started it. */
export const oauthFakeUrl = (platform: Platform) =>
  (JSON.parse(process.env.E2E_OAUTH_FAKES ?? '{}') as Record<Platform, string>)[platform];

/** Every access and refresh token the fake provider has issued so far. */
export const issuedTokens = async (platform: Platform) =>
  (await (await fetch(`${oauthFakeUrl(platform)}/__fake/tokens`)).json()) as string[];

/**
 * Clicks a connect button, then what a person does in the popup: Allow (or Deny) at the provider. Resolves with
 * the popup once it has closed (success) or shows its result (failure).
 */
export const connectInPopup = async (
  page: Page,
  buttonName: string,
  /** What the provider's page calls them: Allow or Deny; a Mastodon instance's Authorize. */
  decision: 'Allow' | 'Deny' | 'Authorize' = 'Allow',
) => {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: buttonName }).click();
  const popup = await popupPromise;
  // Listened for before the click: the click waits for the navigation it starts, and the popup can finish the
  // exchange and close within that wait (a CI run then waited 90 s for a close that had already happened).
  const closed = decision === 'Deny' ? undefined : popup.waitForEvent('close');
  await popup.getByRole('button', { name: decision }).click();
  await closed;
  return popup;
};

/**
 * Facebook Login in the popup from the Agent Builder's Facebook panel, then the Page chosen there among those the
 * person manages (the popup connects nothing before); resolves once the panel names the Page.
 */
export const connectFacebookPage = async (page: Page, pageName: string) => {
  const panel = page.getByRole('article', { name: 'Facebook' });
  const popupPromise = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Connect Facebook' }).click();
  const popup = await popupPromise;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  const pages = popup.getByRole('list', { name: 'Choose the Page your agents post to' });
  await expect(pages.getByRole('button')).toHaveCount(2);
  await pages.getByRole('button', { name: new RegExp(pageName) }).click();
  await closed;
  await expect(panel.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(panel).toContainText(pageName);
};

/** Everything the page keeps in local and session storage, as one string. */
export const browserStorage = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }));

/** Fails if any token a fake provider issued appears in the page's storage or in the API answers collected. */
export const expectNoTokenIn = async (texts: string[]) => {
  const tokens = (
    await Promise.all(
      (['linkedin', 'x', 'youtube', 'instagram', 'threads', 'facebook', 'tiktok'] as const).map(issuedTokens),
    )
  ).flat();
  expect(tokens.length).toBeGreaterThan(0);
  for (const text of texts) for (const token of tokens) expect(text).not.toContain(token);
};

/** Connects the account's X on the agent builder, as a person does, and comes back to the dashboard. */
export const connectXThenOpenDashboard = async (page: Page) => {
  await page.goto('/agent-builder');
  await connectInPopup(page, 'Connect X');
  await expect(page.getByRole('article', { name: 'X' }).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await page.goto('/dashboard');
};
