import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { signUpInBrowser, verificationLinkFor } from '../support/accounts.ts';
import { connectInPopup } from '../support/oauth.ts';

// The hero's picture of the dashboard: a demo account of the real app with three agents that have each posted once
// (written by the offline writer, media by the product's renderers, published to the loopback X and LinkedIn).
// The newest post is at the top of the terminal: the agents run in reverse so that the first one leads.
const ASSETS = join(import.meta.dirname, '../../src/features/landing/assets');
const VIEWPORT = { width: 1280, height: 800 };
/** The dashboard's column (max-w-6xl) with a margin: the empty sides would only make the picture smaller. */
const CLIP = { x: 64, y: 0, width: 1152, height: 800 };

const PREVIEW_AGENTS: AgentFieldsInput[] = [
  {
    name: 'Market Pulse',
    description: 'A daily read of the markets for busy founders',
    prompt: 'You are a calm markets analyst. You explain what moved and why it matters, in plain words, no hype.',
    sample_posts: [
      'Guidance matters more than beats this week. Watch the capex lines: that is where the AI story shows up first.',
      'Rates steady, spreads tighter, small caps waking up. Risk appetite is back, carefully.',
    ],
    post_configuration: { topics: ['markets', 'earnings', 'AI spending'], clients: ['terminal', 'x', 'linkedin'] },
    graphic: true,
  },
  {
    name: 'Growth Notes',
    description: 'Practical growth tips for small marketing teams',
    prompt: 'You are a growth marketer who has run small teams. You share one practical, testable idea per post.',
    sample_posts: [
      'Your best post last month was a question, not an announcement. Ask more. Announce less.',
      'Reuse your top thread as a carousel. Same idea, new audience, ten minutes of work.',
    ],
    post_configuration: { topics: ['content marketing', 'audience growth'], clients: ['terminal', 'x', 'linkedin'] },
    meme: true,
  },
  {
    name: 'Release Notes',
    description: 'What shipped this week, for our users',
    prompt: 'You announce product updates for a developer tool: concrete, friendly, one change at a time.',
    sample_posts: ['Shipped: dark mode, faster search and 14 bug fixes.', 'New: export your data as one JSON file.'],
    post_configuration: { topics: ['product updates', 'developer experience'], clients: ['terminal', 'x'] },
    graphic: true,
  },
];

const apiPost = async (page: Page, path: string, data: unknown) => {
  const response = await page.request.post(path, { headers: { origin: new URL(page.url()).origin }, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as unknown;
};

/**
 * Creates the agent and has it post once, on its own first topic. The AgentBoard's Trigger sends the spec's fixed
 * "Write a tweet about AI", which would make every agent in the picture talk about AI; the API takes the words.
 */
const createAndRunAgent = async (page: Page, fields: AgentFieldsInput) => {
  const agent = (await apiPost(page, '/api/agents', {
    activities: ['post'],
    ...fields,
    post_configuration: { interval: 180, ...fields.post_configuration },
  })) as { id: string };
  const topic = fields.post_configuration?.topics?.[0] ?? '';
  await apiPost(page, `/api/agents/${agent.id}/trigger`, { message: `Write a post about ${topic}` });
};

/** A screenshot in each of `widths` (pixels), as WebP. */
const saveScreenshot = async (png: Buffer, name: string, widths: number[]) => {
  for (const width of widths) {
    const webp = await sharp(png).resize({ width }).webp({ quality: 80 }).toBuffer();
    await writeFile(join(ASSETS, `${name}-${width}.webp`), webp);
    console.log(`${name}-${width}.webp  ${(webp.length / 1024).toFixed(1)} KiB`);
  }
};

/** What a phone shows of the same page: its own layout, at twice the pixels for a sharp picture. */
const PHONE = { width: 375, height: 640 };

test.use({ viewport: VIEWPORT, colorScheme: 'dark' });

test('the dashboard the landing page shows', async ({ page, browser }) => {
  const email = 'maya@northwind.example';
  const password = 'a long enough password';
  await signUpInBrowser(page, email, password);
  await page.goto(await verificationLinkFor(email));
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/agent-builder');
  await connectInPopup(page, 'Connect X');
  await connectInPopup(page, 'Connect LinkedIn');
  await expect(page.getByText('1 / 3 Platforms Connected')).toBeVisible();

  for (const agent of [...PREVIEW_AGENTS].reverse()) await createAndRunAgent(page, agent);

  await page.goto('/dashboard?tab=terminal');
  const entries = page.getByRole('list', { name: 'Terminal messages' });
  for (const agent of PREVIEW_AGENTS) await expect(entries.getByText(agent.name).first()).toBeVisible();
  await expect(page.getByText(/^Posted to X/)).toHaveCount(PREVIEW_AGENTS.length, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  // Every picture drawn before the shot.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
  await saveScreenshot(await page.screenshot({ clip: CLIP }), 'dashboard-terminal', [CLIP.width, CLIP.width / 2]);

  const phone = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: PHONE,
    deviceScaleFactor: 2,
    colorScheme: 'dark',
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(page.url());
  await expect(phonePage.getByText(/^Posted to X/)).toHaveCount(PREVIEW_AGENTS.length);
  await phonePage.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
  // On a phone the picture is one post as the terminal shows it: the whole page would be too small to read.
  const newestPost = phonePage.getByRole('list', { name: 'Terminal messages' }).getByRole('listitem').first();
  await saveScreenshot(await newestPost.screenshot(), 'terminal-post-phone', [(PHONE.width - 40) * 2]);
  await phone.close();
});
