import { expect, test, type Page } from '@playwright/test';

const fitsTheWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const screenshot = async (page: Page, name: string) => {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
};

/**
 * A visitor reads the API reference (Swagger UI): finds the agents list, authorizes with a key and tries it. Everything
 * it needs comes from this server, and it fits a phone.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px, /docs/api shows the Agentcast API reference: the agents list and the Bearer key`, async ({
    page,
    baseURL,
  }) => {
    // Swagger UI reads and renders the whole document (some 95 operations) in the page: 5 s alone on this machine, and
    // over 30 s once in CI with three workers' browsers on two cores. The steps' own waits stay 10 s.
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    const elsewhere: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A script or style refused by the CSP is reported here only.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
    });

    await page.goto('/docs/api');
    await expect(page).toHaveTitle('Agentcast API reference');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'OpenAPI document (JSON)' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    // Swagger UI has read the document: its title, and the introduction telling a program how to authenticate.
    await expect(page.getByRole('heading', { level: 1, name: /^Agentcast API/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Authorization: Bearer agc_…').first()).toBeVisible();
    await fitsTheWidth(page, width);
    await screenshot(page, `api-reference-${width}`);

    // The agents list, opened: its answers, the 401 a missing key gets among them.
    await page.getByRole('button', { name: 'GET /api/agents The signed-in account’s agents, newest first' }).click();
    const operation = page.locator('#operations-Agents-agentsList');
    await expect(operation.getByRole('heading', { name: 'Responses' })).toBeVisible();
    await expect(operation.locator('tr.response[data-code="200"]')).toContainText('One page of agents');
    await expect(operation.locator('tr.response[data-code="401"]')).toContainText('Not authenticated');
    // Deep links: the operation's address is in the location.
    await expect(page).toHaveURL(/#\/Agents\/agentsList$/);

    // Authorize offers the Bearer key, and keeps it for this page only.
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    const bearer = page.locator('.auth-container').filter({ hasText: 'apiKey (http, Bearer)' });
    await expect(bearer).toContainText('Authorization: Bearer agc_…');
    await bearer.getByRole('textbox').fill('agc_not_a_real_key');
    await bearer.getByRole('button', { name: 'Apply credentials' }).click();
    await expect(bearer).toContainText('Authorized');
    await page.getByRole('button', { name: 'Close' }).first().click();
    expect(await page.evaluate(() => window.localStorage.getItem('authorized'))).toBeNull();

    // Tried, it asks this server with the key, and shows the 401 an unknown key gets.
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/agents');
    await operation.getByRole('button', { name: 'Execute' }).click();
    expect((await answer).status()).toBe(401);
    expect(await (await answer).request().headerValue('authorization')).toBe('Bearer agc_not_a_real_key');
    await expect(operation.locator('.live-responses-table tr.response .response-col_status')).toHaveText('401');
    // The request shown as curl, for a program to copy.
    await expect(operation.locator('.curl-command')).toContainText('Authorization: Bearer agc_not_a_real_key');
    await operation.scrollIntoViewIfNeeded();
    await fitsTheWidth(page, width);
    await screenshot(page, `api-reference-agents-list-${width}`);

    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  });
}
