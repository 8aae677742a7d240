import { expect, test } from '@playwright/test';
import { MEMBERSHIP_MESSAGES } from '@agentcast/contracts/membership';
import { signedInUser } from './support/accounts.ts';

// The global setup's main server has no membership contract: the gate is off. That is the operator's to know, so
// the note shows once per browser session (the tab's sessionStorage), can be dismissed, and is not on every page.
test('with no membership contract the gate is off: a dismissible note says so once per session; no wallet code loads', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await signedInUser(page, 'gate-off');

  await expect(page.getByRole('note')).toHaveText(MEMBERSHIP_MESSAGES.gateOff);
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
  await expect(page.getByTestId('wallet-indicator')).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismiss the membership gate note' }).click();
  await expect(page.getByRole('note')).toHaveCount(0);

  // The next page of the same session: no note, dismissed or not.
  await page.goto('/agent-builder');
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
  await expect(page.getByText(MEMBERSHIP_MESSAGES.gateOff)).toHaveCount(0);
  expect(requests.filter((path) => path.includes('wallet-gate'))).toEqual([]);
});

test('the gate-off note, left alone, is gone on the next page of the session', async ({ page }) => {
  await signedInUser(page, 'gate-off-next');
  await expect(page.getByRole('note')).toHaveText(MEMBERSHIP_MESSAGES.gateOff);
  await page.getByRole('link', { name: 'Agent Builder' }).first().click();
  await expect(page).toHaveURL(/\/agent-builder$/);
  await expect(page.getByText(MEMBERSHIP_MESSAGES.gateOff)).toHaveCount(0);
});
