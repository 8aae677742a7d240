import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { browserStorage, connectInPopup, expectNoTokenIn } from './support/oauth.ts';

/** The text of every API answer any page of this browser receives (the popup included). */
const recordApiAnswers = (page: Page) => {
  const answers: string[] = [];
  page.context().on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    answers.push(await response.text().catch(() => ''));
  });
  return answers;
};

test('connect LinkedIn from the agent builder in a popup; the card then offers Disconnect; no token reaches the browser', async ({
  page,
}) => {
  const answers = recordApiAnswers(page);
  await signedInUser(page, 'builder');
  await page.getByRole('link', { name: 'Agent Builder' }).click();
  await expect(page).toHaveURL(/\/agent-builder$/);
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch AI Agent' })).toHaveCount(0);

  await connectInPopup(page, 'Connect LinkedIn');

  const card = page.getByRole('article', { name: 'LinkedIn' });
  await expect(card.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await expect(card.getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByText('1 / 3 Platforms Connected')).toBeVisible();
  // The browser keeps no token: not in storage, not in any API answer.
  await expectNoTokenIn([await browserStorage(page), ...answers]);
  expect(answers.length).toBeGreaterThan(2);

  // Launch AI Agent opens Create Agent with LinkedIn chosen.
  await page.getByRole('button', { name: 'Launch AI Agent' }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=create&clients=linkedin$/);
  const postTo = page.getByRole('group', { name: 'Post to' });
  await expect(postTo.getByLabel('LinkedIn')).toBeChecked();
  await expect(postTo.getByLabel('Terminal')).toBeChecked();
  await expect(postTo.getByLabel('X (Twitter)')).not.toBeChecked();

  await page.goto('/agent-builder');
  await page.getByRole('article', { name: 'LinkedIn' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('LinkedIn disconnected successfully')).toBeVisible();
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
});

test('X and YouTube connect too; X has its own section and does not change the spec counter', async ({ page }) => {
  await signedInUser(page, 'xconnect');
  await page.goto('/agent-builder');
  await connectInPopup(page, 'Connect X');
  await expect(page.getByRole('article', { name: 'X' }).getByRole('button', { name: 'Disconnect' })).toBeVisible();
  // X is the "Posting to X" panel, with its own connected line, not a fourth card beside the counted three.
  await expect(page.getByRole('region', { name: 'Posting to X' }).getByTestId('x-connection-state')).toHaveText(
    /^Connected: Ada Lovelace/,
  );
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
  // Spec §2: Launch AI Agent shows once one of the three platforms is connected; X is not one of them.
  await expect(page.getByRole('button', { name: 'Launch AI Agent' })).toHaveCount(0);

  await connectInPopup(page, 'Connect YouTube');
  await expect(page.getByRole('article', { name: 'YouTube' }).getByText('Ada Lovelace Channel')).toBeVisible();
  await expect(page.getByText('1 / 3 Platforms Connected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch AI Agent' })).toBeVisible();
});

test('denying at the provider: the popup shows the provider’s message and the page alerts the failure', async ({
  page,
}) => {
  await signedInUser(page, 'denier');
  await page.goto('/agent-builder');
  const alerted = page.waitForEvent('dialog').then(async (dialog) => {
    const message = dialog.message();
    await dialog.dismiss();
    return message;
  });

  const popup = await connectInPopup(page, 'Connect Instagram', 'Deny');
  await expect(popup.getByRole('heading', { name: 'OAuth authentication failed' })).toBeVisible();
  await expect(popup.getByText('Permissions error')).toBeVisible();
  await expect(popup.getByText('Error code: access_denied')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(await alerted).toBe('Failed to connect to Instagram. Please try again.');
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
});

test('the callback screen refuses a forged state, reports an error parameter and an unknown platform', async ({
  page,
}) => {
  await signedInUser(page, 'forger');
  await page.evaluate(() =>
    window.localStorage.setItem('agentcast_oauth_state_linkedin', 'the-state-this-browser-started'),
  );

  await page.goto('/auth/linkedin/callback?code=stolen-code&state=forged-state');
  await expect(page.getByRole('heading', { name: 'OAuth authentication failed' })).toBeVisible();
  await expect(page.getByText('Invalid state parameter', { exact: true })).toBeVisible();

  await page.goto(
    '/auth/linkedin/callback?error=access_denied&error_description=The%20user%20cancelled%20LinkedIn%20login&state=s',
  );
  await expect(page.getByText('The user cancelled LinkedIn login')).toBeVisible();
  await page.goto('/auth/youtube/callback?error=invalid_scope');
  await expect(page.getByText('OAuth error: invalid_scope')).toBeVisible();
  await page.goto('/auth/x/callback?state=s');
  await expect(page.getByText('No authorization code received')).toBeVisible();
  await page.goto('/auth/myspace/callback?code=c&state=s');
  await expect(page.getByText('Could not determine platform from callback URL.')).toBeVisible();

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('another user can neither see nor remove a connection', async ({ page, browser }) => {
  await signedInUser(page, 'owner');
  await page.goto('/agent-builder');
  await connectInPopup(page, 'Connect LinkedIn');
  await expect(page.getByText('1 / 3 Platforms Connected')).toBeVisible();
  const [connection] = (
    (await (await page.request.get('/api/connections')).json()) as { connections: { id: string }[] }
  ).connections;
  expect(connection).toBeDefined();

  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signedInUser(stranger, 'stranger');
  await stranger.goto('/agent-builder');
  await expect(stranger.getByText('0 / 3 Platforms Connected')).toBeVisible();
  // From the stranger's own page, as their browser would send it (a request from elsewhere is refused before this).
  const status = await stranger.evaluate(
    async (id) => (await fetch(`/api/connections/${id}`, { method: 'DELETE' })).status,
    connection?.id,
  );
  expect(status).toBe(404);
  await strangerContext.close();

  await page.reload();
  await expect(page.getByText('1 / 3 Platforms Connected')).toBeVisible();
});

test('the agent forms connect and disconnect LinkedIn and X for the agent', async ({ page }) => {
  const answers = recordApiAnswers(page);
  await signedInUser(page, 'agentforms');

  // Create Agent: X connected before the agent exists, given to it on creation.
  await page.goto('/dashboard?view=create');
  await page.getByLabel('Name', { exact: true }).fill('Connected Pulse');
  await page.getByLabel('Description', { exact: true }).fill('Posts to X through its own account');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short, data-first posts.');
  await page.getByLabel('Topics').fill('markets');
  await page.keyboard.press('Enter');
  await connectInPopup(page, 'Connect X');
  const xField = page.getByRole('group', { name: 'X connection' });
  await expect(xField.getByText('X connected as @ada_agentcast')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Connected Pulse');
  await page.getByRole('button', { name: 'Create Agent' }).click();
  await expect(page.getByText('Agent "Connected Pulse" created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible({ timeout: 5000 });

  // Managed Agents: the agent has its X account; connect LinkedIn, then disconnect it.
  const row = page.getByRole('listitem', { name: 'Connected Pulse' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(
    page.getByRole('group', { name: 'X connection' }).getByText('X connected as @ada_agentcast'),
  ).toBeVisible();
  const linkedinField = page.getByRole('group', { name: 'LinkedIn connection' });
  await expect(linkedinField.getByText('Not connected')).toBeVisible();
  await connectInPopup(page, 'Connect LinkedIn');
  await expect(linkedinField.getByText('LinkedIn connected as Ada Lovelace')).toBeVisible();
  const { agents } = (await (await page.request.get('/api/agents')).json()) as {
    agents: { name: string; linkedin_connected: boolean; linkedin_urn: string; x_connected: boolean }[];
  };
  expect(agents.find((agent) => agent.name === 'Connected Pulse')).toMatchObject({
    linkedin_connected: true,
    linkedin_urn: 'urn:li:person:yrZCpj2Z12',
    x_connected: true,
  });

  await linkedinField.getByRole('button', { name: 'Disconnect' }).click();
  await expect(linkedinField.getByText('LinkedIn disconnected successfully')).toBeVisible();
  await expect(linkedinField.getByText('Not connected')).toBeVisible();
  await expectNoTokenIn([await browserStorage(page), ...answers]);
});
