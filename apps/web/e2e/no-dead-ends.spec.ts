import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import { CONNECTION_MESSAGES } from '@agentcast/contracts/connections';
import { signedInUser } from './support/accounts.ts';
import { createAgent } from './support/agents.ts';
import { connectInPopup } from './support/oauth.ts';

// Issue 41 §5 and §6: no dead ends around connections, and a form that does not read as risky.

/** Clicks a Connect inside `scope` and allows at the provider, as connectInPopup does for a page-wide button. */
const connectFrom = async (page: Page, scope: Locator) => {
  const popupPromise = page.waitForEvent('popup');
  await scope.getByRole('button', { name: 'Connect', exact: true }).click();
  const popup = await popupPromise;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
};

/** This browser is told X is not set up on the server (the e2e server has every platform set up). */
const withoutXSetUp = (page: Page) =>
  page.route(
    (url) => url.pathname === '/api/connections',
    async (route) => {
      const response = await route.fetch({ headers: route.request().headers() });
      const overview = (await response.json()) as { platforms: { platform: string; configured: boolean }[] };
      const platforms = overview.platforms.map((entry) =>
        entry.platform === 'x' ? { ...entry, configured: false } : entry,
      );
      await route.fulfill({ response, json: { ...overview, platforms } });
    },
  );

const fillCoreFields = async (page: Page, name: string) => {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Notes on markets');
  await page.getByLabel('Prompt', { exact: true }).fill('You write short, calm posts.');
  await page.getByLabel('Topics').fill('markets');
  await page.keyboard.press('Enter');
};

test('a new agent starts with the Terminal and X; X says it is not connected, and Connect beside it connects it', async ({
  page,
}) => {
  await signedInUser(page, 'defaults');
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  const postTo = page.getByRole('group', { name: 'Post to' });
  await expect(postTo.getByLabel('Terminal')).toBeChecked();
  await expect(postTo.getByLabel('X (Twitter)')).toBeChecked();
  await expect(postTo.getByText(CONNECTION_MESSAGES.notConnectedForPosts('x'))).toBeVisible();
  await expect(page.getByText(AGENT_MESSAGES.xNotSetUp)).toHaveCount(0);

  await connectFrom(page, postTo);
  await expect(
    page.getByRole('group', { name: 'X connection' }).getByText('X connected as @ada_agentcast'),
  ).toBeVisible();
  await expect(postTo.getByText(CONNECTION_MESSAGES.notConnectedForPosts('x'))).toHaveCount(0);

  // Ticking another platform nobody connected says so at once.
  await postTo.getByLabel('LinkedIn').check();
  await expect(postTo.getByText(CONNECTION_MESSAGES.notConnectedForPosts('linkedin'))).toBeVisible();
  await postTo.getByLabel('LinkedIn').uncheck();

  await fillCoreFields(page, 'Connected Defaults');
  await page.getByRole('button', { name: 'Create Agent' }).click();
  await expect(page.getByText('Agent "Connected Defaults" created successfully!')).toBeVisible();
  const { agents } = (await (await page.request.get('/api/agents')).json()) as {
    agents: { name: string; post_configuration: { clients: string[] }; x_connected: boolean }[];
  };
  expect(agents.find((agent) => agent.name === 'Connected Defaults')).toMatchObject({
    post_configuration: { clients: ['terminal', 'x'] },
    x_connected: true,
  });
});

test('on a server without X set up: the form starts with the Terminal alone and says why; the Agent Builder and the Terminal say the operator has not set X up', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signedInUser(page, 'no-x');
  await withoutXSetUp(page);
  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  const postTo = page.getByRole('group', { name: 'Post to' });
  await expect(postTo.getByLabel('Terminal')).toBeChecked();
  await expect(postTo.getByLabel('X (Twitter)')).not.toBeChecked();
  await expect(postTo.getByText(AGENT_MESSAGES.xNotSetUp)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Reply on' }).getByLabel('X (Twitter)')).not.toBeChecked();

  // Ticked anyway (an agent made before, or by choice): it says nobody can connect X here, with no Connect.
  await postTo.getByLabel('X (Twitter)').check();
  await expect(postTo.getByText(CONNECTION_MESSAGES.notSetUpForPosts('x'))).toBeVisible();
  await expect(postTo.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
  await fillCoreFields(page, 'Ticked X Anyway');
  await page.getByRole('button', { name: 'Create Agent' }).click();
  const row = page.getByRole('listitem', { name: 'Ticked X Anyway' });
  await expect(row).toBeVisible({ timeout: 5000 });

  // Its post cannot reach X: the Terminal says why, in the operator's terms, instead of "Connect X".
  await row.getByRole('button', { name: 'Trigger' }).click();
  await expect(row.getByRole('button', { name: 'Trigger' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const deliveries = page
    .getByRole('list', { name: 'Terminal messages' })
    .getByRole('listitem')
    .first()
    .getByRole('list', { name: 'Deliveries' });
  await expect(deliveries).toContainText(
    "Not posted: no X account connected. This server's operator has not set X up, so X cannot be connected here.",
  );
  await expect(deliveries.getByRole('link', { name: 'Connect X' })).toHaveCount(0);

  await page.goto('/agent-builder');
  const xPanel = page.getByRole('region', { name: 'Posting to X' });
  await expect(xPanel.getByTestId('x-connection-state')).toHaveText(CONNECTION_MESSAGES.operatorHasNotSetUp('x'));
  await expect(xPanel.getByRole('button')).toHaveCount(0);
});

test('the Agent Builder has the dashboard’s header and a way back; X is apart from the three; Launch AI Agent says what it does', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { email } = await signedInUser(page, 'builder-page');
  await page.getByRole('link', { name: 'Agent Builder' }).click();
  await expect(page).toHaveURL(/\/agent-builder$/);
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByText('0 / 3 Platforms Connected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch AI Agent' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Launch your agent' }).locator('+ p')).toContainText(
    'It opens the Create Agent form on your dashboard with your connected platforms chosen',
  );

  // X's panel lies below the three cards, across the page, not as a fourth card beside them.
  const cards = page.getByRole('region', { name: 'Platforms' });
  const xPanel = page.getByRole('region', { name: 'Posting to X' });
  const cardsBox = await cards.boundingBox();
  const xBox = await xPanel.boundingBox();
  expect(xBox && cardsBox && xBox.y >= cardsBox.y + cardsBox.height).toBe(true);
  await expect(cards.getByRole('article')).toHaveCount(3);

  await connectInPopup(page, 'Connect X');
  await expect(xPanel.getByTestId('x-connection-state')).toHaveText(/^Connected: Ada Lovelace/);
  await xPanel.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('X disconnected successfully')).toBeVisible();
  await expect(xPanel.getByRole('button', { name: 'Connect X' })).toBeVisible();

  await connectInPopup(page, 'Connect LinkedIn');
  await expect(page.getByText('1 / 3 Platforms Connected')).toBeVisible();
  const launch = page.getByRole('button', { name: 'Launch AI Agent' });
  await expect(launch).toHaveAccessibleDescription(
    'Opens the Create Agent form on your dashboard with your connected platforms chosen as where the agent posts.',
  );
  await launch.click();
  await expect(page).toHaveURL(/\/dashboard\?view=create&clients=linkedin$/);
  await expect(page.getByRole('group', { name: 'Post to' }).getByLabel('LinkedIn')).toBeChecked();

  await page.goto('/agent-builder');
  await page.getByRole('link', { name: '← Back to dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
});

test('the edit form keeps its sections, offers Pause and Resume, shows YouTube’s rule when ticked, and folds the X login away', async ({
  page,
}) => {
  await signedInUser(page, 'edit-form');
  const row = await createAgent(page, { name: 'Edited Agent' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Save Changes' });
  await expect(form).toBeVisible();
  await expect(form.locator(':scope > fieldset > legend')).toHaveText([
    'Basic Information',
    'AI Configuration',
    'Data & Activities',
    'Post Configuration',
    'Chat Configuration',
    'Twitter/X Credentials',
    'LinkedIn Integration',
    'Extra',
    // After the spec's sections, in their order: the networks added since (issue 33).
    'More Networks',
  ]);

  const control = page.getByRole('group', { name: 'Pause or resume' });
  await control.getByRole('button', { name: 'Pause' }).click();
  await expect(control.getByRole('button', { name: 'Resume' })).toBeEnabled();
  await expect(page.getByRole('listitem', { name: 'Edited Agent' }).getByTestId('next-post')).toHaveText(/paused/i);
  await control.getByRole('button', { name: 'Resume' }).click();
  await expect(control.getByRole('button', { name: 'Pause' })).toBeEnabled();

  const postTo = form.getByRole('group', { name: 'Post to' });
  await postTo.getByLabel('YouTube').check();
  await expect(postTo.getByText(AGENT_MESSAGES.mediaRule('YouTube', 'video', false))).toBeVisible();
  await postTo.getByRole('button', { name: 'Turn on Video' }).click();
  await expect(form.getByLabel('Video', { exact: true })).toBeChecked();
  await expect(postTo.getByText(AGENT_MESSAGES.mediaRule('YouTube', 'video', true))).toBeVisible();

  const credentials = form.getByRole('group', { name: 'Twitter/X Credentials' });
  await expect(credentials.getByText(AGENT_MESSAGES.xLoginTitle)).toBeVisible();
  await expect(credentials.getByLabel('X password')).toBeHidden();
});

test('deleting asks the spec’s question in a dialog naming the agent, all by keyboard', async ({ page }) => {
  await signedInUser(page, 'delete-keys');
  const row = await createAgent(page, { name: 'Short Lived' });
  const deleteButton = row.getByRole('button', { name: 'Delete' });
  await deleteButton.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('alertdialog', { name: 'Delete “Short Lived”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(AGENT_MESSAGES.confirmDelete);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText(AGENT_MESSAGES.deleted)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(AGENT_MESSAGES.emptyBoard)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeFocused();
});
