import { expect, test } from '@playwright/test';

/** A visitor reads the API reference: everything it needs comes from this server, and it fits a phone. */
for (const width of [1280, 375]) {
  test(`at ${width} px, /docs/api shows the Agentcast API reference: the agents list and the Bearer key`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    const elsewhere: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/docs/api');
    await expect(page).toHaveTitle('Agentcast API reference');
    // Scalar reads and indexes the whole document (some 280 KB) before it shows anything: seconds on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Agentcast API' })).toBeVisible({ timeout: 20_000 });
    // The introduction tells a program how to authenticate.
    await expect(page.getByText('Authorization: Bearer agc_…').first()).toBeVisible();

    if (width < 400) await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByText('The signed-in account’s agents, newest first').first().click();
    const operation = page.getByRole('region', { name: 'The signed-in account’s agents, newest first' });
    await expect(operation.getByRole('heading', { level: 3 })).toBeVisible();
    const example = operation.getByRole('group', { name: 'Request Example for get/api/agents' });
    await expect(example).toContainText('curl http://');
    await expect(example).toContainText("--header 'Authorization: Bearer");
    await expect(operation.getByRole('button', { name: /^401 / })).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const path = test.info().outputPath(`api-reference-${width}.png`);
    await page.screenshot({ path });
    await test.info().attach(`API reference at ${width} px`, { path, contentType: 'image/png' });
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  });
}
