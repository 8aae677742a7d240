import { expect, test, type Request } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';

// Issue 19 §4: opening /dashboard asks for the session, the wallet state, the dashboard's code and what the AgentBoard
// shows first side by side, not one after the other (session, then the signed-in layout's code, then the gate's
// wallet read, then the page's code, then its reads). The session answer is held back for a second, so anything that
// waits for it starts visibly after it.

/** What the AgentBoard shows first: its first page of agents, the usage line, the next posts, the Review count. */
const BOARD_READS = ['/api/agents', '/api/usage', '/api/usage/costs', '/api/schedules', '/api/drafts', '/api/inbox'];

test('opening /dashboard requests the session, the wallet state, the route code and the board’s reads in parallel', async ({
  page,
}) => {
  await signedInUser(page, 'parallel');
  await page.goto('about:blank');

  const order: string[] = [];
  const name = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/get-session') return 'session';
    if (pathname === '/api/wallet') return 'wallet state';
    if (/^\/assets\/dashboard-route-[\w-]+\.js$/.test(pathname)) return 'dashboard code';
    if (/^\/assets\/signed-in-layout-[\w-]+\.js$/.test(pathname)) return 'signed-in layout code';
    if (BOARD_READS.includes(pathname)) return pathname;
    return undefined;
  };
  page.on('request', (request) => {
    const label = name(request);
    if (label) order.push(`${label} requested`);
  });
  page.on('requestfinished', (request) => {
    if (name(request) === 'session') order.push('session answered');
  });
  // The session answers once everything else has been asked for (or after 10 s, for the assertions below to say
  // what waited for it): whatever waits for the session cannot have been asked for before it answers.
  await page.route('**/api/auth/get-session', async (route) => {
    const others = ['wallet state', 'dashboard code', 'signed-in layout code', ...BOARD_READS];
    await expect
      .poll(() => others.every((request) => order.includes(`${request} requested`)), { timeout: 10_000 })
      .toBe(true)
      .catch(() => undefined);
    await route.continue();
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();

  const answeredAt = order.indexOf('session answered');
  expect(answeredAt, order.join(', ')).toBeGreaterThan(0);
  for (const request of ['wallet state', 'dashboard code', 'signed-in layout code', ...BOARD_READS]) {
    const requestedAt = order.indexOf(`${request} requested`);
    expect(requestedAt, `${request}: ${order.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(requestedAt, `${request} waited for the session: ${order.join(', ')}`).toBeLessThan(answeredAt);
  }
  // One session read: the guards use the early answer instead of asking again.
  expect(order.filter((entry) => entry === 'session requested')).toHaveLength(1);
});

test('the AgentBoard asks for each thing once: one wallet read, one of each of its own, and its own page of agents rather than every agent', async ({
  page,
}) => {
  await signedInUser(page, 'once');
  await page.goto('about:blank');
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${url.pathname}${url.search}`);
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
  await expect(page.getByText('No agents created yet')).toBeVisible();

  expect(
    apiRequests.filter((path) => path === '/api/wallet'),
    apiRequests.join(', '),
  ).toHaveLength(1);
  expect(
    apiRequests.filter((path) => path.startsWith('/api/agents')),
    apiRequests.join(', '),
  ).toEqual(['/api/agents']);
  // Asked for with the page; the board takes those answers instead of asking again as it mounts.
  await expect(page.getByTestId('usage-summary')).toContainText('Today:');
  for (const read of BOARD_READS)
    expect(
      apiRequests.filter((path) => path === read),
      apiRequests.join(', '),
    ).toHaveLength(1);

  // The Terminal picks among every agent: it reads them then.
  await page.getByRole('tab', { name: 'Terminal' }).click();
  await expect.poll(() => apiRequests.filter((path) => path.startsWith('/api/agents?limit=100'))).toHaveLength(1);
});

// Issue 19 §2: the AgentBoard's first load carries no zod (build/browser-routes.ts, the contracts' *-constants
// modules); the schemas come with the forms that use them. "ZodError" is a name only zod's code holds.
test('the AgentBoard loads without zod, which comes with the first form', async ({ page }) => {
  await signedInUser(page, 'no-zod');
  await page.goto('about:blank');
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  const withZod = async () => (await Promise.all(scripts)).filter(({ text }) => text.includes('ZodError'));

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
  await expect(page.getByText('No agents created yet')).toBeVisible();
  expect((await withZod()).map(({ url }) => url)).toEqual([]);

  await page.getByRole('button', { name: 'Create Your First Agent' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expect.poll(async () => (await withZod()).length).toBeGreaterThan(0);
});

// Spec §2: a full-screen loading screen while the page loads. The first render waits for the route code (main.tsx),
// but not past a second: on a slow link the loading screen shows while the code comes.
test('when the dashboard’s code is slow to arrive, the loading screen shows meanwhile', async ({ page }) => {
  await signedInUser(page, 'slow-code');
  await page.goto('about:blank');
  // The code is held back until the loading screen has shown (or for 10 s, for the assertion to fail saying so).
  let loadingShown: () => void = () => undefined;
  const codeReleased = new Promise<void>((resolve) => (loadingShown = resolve));
  await page.route(/\/assets\/dashboard-route-[\w-]+\.js$/, async (route) => {
    await Promise.race([codeReleased, page.waitForEvent('close', { timeout: 10_000 }).catch(() => undefined)]);
    await route.continue();
  });

  // Once the app's own script has run (DOMContentLoaded), not at `load`, which may wait for the code held back.
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible({ timeout: 2500 });
  loadingShown();
  await expect(page.getByRole('heading', { name: 'My AI Agents' })).toBeVisible();
});
