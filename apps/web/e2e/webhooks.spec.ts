import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@agentcast/test-fakes/webhook-receiver';
import { signedInUser } from './support/accounts.ts';

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test('a person adds an endpoint, sends a test event, sees it delivered with 200, and resends it', async ({ page }) => {
  await signedInUser(page, 'webhooks');
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByLabel('Endpoint URL').fill(receiver.url);
  await section.getByLabel('Description (optional)').fill('My test receiver');
  await section.getByRole('checkbox', { name: /run\.skipped/ }).uncheck();
  await section.getByRole('button', { name: 'Add endpoint' }).click();

  const endpoint = section.getByRole('listitem', { name: receiver.url });
  await expect(endpoint.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(endpoint.getByRole('list', { name: 'Events' })).not.toContainText('run.skipped');
  // The new endpoint's secret is shown at once, to copy into the receiver.
  const secret = (await endpoint.getByLabel('Signing secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);

  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const delivery = endpoint.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
  await expect(delivery).toContainText('webhook.test');
  await expect(delivery).toContainText('Delivered', { timeout: 15_000 });
  await expect(delivery).toContainText('HTTP 200');
  await expect(delivery).toContainText('1 attempt');
  const [first] = await receiver.waitFor(1);
  expect(new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>)).toMatchObject({
    type: 'webhook.test',
  });

  await delivery.getByRole('button', { name: 'Resend' }).click();
  await expect(delivery).toContainText('2 attempts', { timeout: 15_000 });
  await expect(delivery).toContainText('Delivered');
  const received = await receiver.waitFor(2);
  expect(received[1]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);

  // Hidden, then revealed again on demand.
  await endpoint.getByRole('button', { name: 'Hide secret' }).click();
  await expect(endpoint.getByLabel('Signing secret')).not.toContainText(secret);
  await endpoint.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(endpoint.getByLabel('Signing secret')).toHaveText(secret);
});

test('an endpoint can be disabled, enabled and deleted; a bad URL is refused with a message', async ({ page }) => {
  await signedInUser(page, 'webhooks-manage');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByLabel('Endpoint URL').fill('example.com/no-scheme');
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(section.getByText('Enter a whole URL, such as https://example.com/webhooks/agentcast.')).toBeVisible();

  await section.getByLabel('Endpoint URL').fill(receiver.url);
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const endpoint = section.getByRole('listitem', { name: receiver.url });
  await endpoint.getByRole('button', { name: 'Disable' }).click();
  await expect(endpoint.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(endpoint.getByRole('button', { name: 'Send test event' })).toBeDisabled();
  await endpoint.getByRole('button', { name: 'Enable' }).click();
  await expect(endpoint.getByText('Enabled', { exact: true })).toBeVisible();

  await endpoint.getByRole('button', { name: 'Delete' }).click();
  await endpoint.getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(section.getByText('No endpoints yet.')).toBeVisible();
});

test('the section reads well to assistive technology at 1280 and 375 px, with an endpoint and its log shown', async ({
  page,
}) => {
  receiver.failNext(1, 503);
  await signedInUser(page, 'webhooks-a11y');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByLabel('Endpoint URL').fill(receiver.url);
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const endpoint = section.getByRole('listitem', { name: receiver.url });
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const delivery = endpoint.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
  await expect(delivery).toContainText('Delivered', { timeout: 15_000 });
  await delivery.getByText('Attempts and payload').click();
  await expect(delivery).toContainText('HTTP 503');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const { violations } = await new AxeBuilder({ page })
      .include('section[aria-labelledby="webhooks-title"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(
      violations.map((violation) => `${violation.id}: ${violation.help}`),
      `at ${width} px`,
    ).toEqual([]);
  }
});
