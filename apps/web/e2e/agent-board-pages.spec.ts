import { expect, test, type Page } from '@playwright/test';
import { AGENTS_PAGE_SIZE, AGENT_BOARD_MESSAGES } from '@agentcast/contracts/agents-page';
import { signedInUser } from './support/accounts.ts';

const AGENT_COUNT = 63;

/** Agents through the API, one after another so that their order is known: "Agent 63" is the newest. */
const createAgents = async (page: Page, count: number) => {
  const origin = new URL(page.url()).origin;
  for (let index = 1; index <= count; index++) {
    const response = await page.request.post('/api/agents', {
      headers: { origin },
      data: {
        name: `Agent ${String(index).padStart(2, '0')}`,
        description: 'Writes about markets',
        prompt: 'You write short posts about markets.',
        post_configuration: { topics: ['markets'] },
      },
    });
    expect(response.status()).toBe(201);
  }
};

test('the AgentBoard shows the first 50 agents, and the rest as the list is scrolled to its end', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'many-agents');
  await createAgents(page, AGENT_COUNT);
  // The second page answers only when the test says so, so that its loading state can be seen.
  let releaseSecondPage = () => {};
  const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
  await page.route(/\/api\/agents\?cursor=/, async (route) => {
    await secondPageHeld;
    await route.continue();
  });

  await page.reload();
  const rows = page
    .getByRole('list', { name: 'Agents' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
  await expect(rows).toHaveCount(AGENTS_PAGE_SIZE);
  await expect(rows.first()).toHaveAccessibleName('Agent 63');
  await expect(rows.last()).toHaveAccessibleName('Agent 14');
  const sentinel = page.getByTestId('load-more');
  const idleHeight = (await sentinel.boundingBox())?.height;

  await sentinel.scrollIntoViewIfNeeded();
  await expect(page.getByText(AGENT_BOARD_MESSAGES.loadingMore)).toBeVisible();
  // The loading line takes the place that was kept for it: nothing moves.
  expect((await sentinel.boundingBox())?.height).toBe(idleHeight);
  releaseSecondPage();

  await expect(rows).toHaveCount(AGENT_COUNT);
  await expect(rows.last()).toHaveAccessibleName('Agent 01');
  await expect(sentinel).toHaveCount(0);
  const names = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  expect(names).toEqual(
    Array.from({ length: AGENT_COUNT }, (_, index) => `Agent ${String(AGENT_COUNT - index).padStart(2, '0')}`),
  );
});
