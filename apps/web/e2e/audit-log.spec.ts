import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { AUDIT_CSV_COLUMNS } from '@agentcast/contracts/audit';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';

test('Settings → Audit log lists who did what, filters by action and day, and downloads the same as CSV', async ({
  page,
}) => {
  await signedInUser(page, 'auditor');
  const row = await createAgent(page, { name: 'Logged Herald' });
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByRole('button', { name: 'Resume' })).toBeEnabled();

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Audit log' });
  const lines = section.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await expect(lines).toHaveText([
    /^auditor-.+ paused the agent Logged Herald/,
    /^auditor-.+ created the agent Logged Herald/,
  ]);

  // One action.
  await section.getByLabel('Action').selectOption({ label: 'Created the agent' });
  await expect(lines).toHaveText([/created the agent Logged Herald/]);
  // Yesterday had nothing; today has it.
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };
  await section.getByLabel('To').fill(day(-1));
  await expect(section.getByText('Nothing matches these filters.')).toBeVisible();
  await section.getByLabel('To').fill(day(0));
  await expect(lines).toHaveCount(1);

  // The CSV holds what is shown.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('agentcast-audit-log.csv');
  const csv = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n');
  expect(csv[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('agent.created (created the agent),Logged Herald');

  await section.getByRole('button', { name: 'Clear filters' }).click();
  await expect(lines).toHaveCount(2);
});

test('Settings shows the workspace’s plan with today’s posts and replies and its connected accounts', async ({
  page,
}) => {
  await signedInUser(page, 'planner');
  await page.goto('/settings');
  const plan = page.getByRole('region', { name: 'Starter plan' });
  await expect(plan).toContainText('The plan belongs to this workspace');
  await expect(plan.getByRole('definition')).toHaveText(['0 of 2', '0 of 50', '0 (unlimited)']);
});
