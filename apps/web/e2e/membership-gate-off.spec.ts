import { expect, test } from '@playwright/test';
import { MEMBERSHIP_MESSAGES } from '@agentcast/contracts/membership';
import { signedInUser } from './support/accounts.ts';

// The global setup's main server has no membership contract: the gate is off, and the pages say so.
test('with no membership contract the gate is off, the pages say so, and no wallet code is loaded', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await signedInUser(page, 'gate-off');

  await expect(page.getByRole('note')).toHaveText(MEMBERSHIP_MESSAGES.gateOff);
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
  await expect(page.getByTestId('wallet-indicator')).toHaveCount(0);
  await page.goto('/agent-builder');
  await expect(page.getByRole('note')).toHaveText(MEMBERSHIP_MESSAGES.gateOff);
  expect(requests.filter((path) => path.includes('wallet-gate'))).toEqual([]);
});
