import { expect, type Page } from '@playwright/test';
import { AGENT_DEFAULTS, CLIENT_LABELS, type Client } from '@agentcast/contracts/agents-constants';

type NewAgent = {
  name: string;
  description?: string;
  prompt?: string;
  topic?: string;
  interval?: number;
  meme?: boolean;
  /** Behavior & Configuration's "Review before posting": one approval (off unless asked). */
  reviewBeforePosting?: boolean;
  /** Behavior & Configuration's "Post long texts as threads" (off unless asked). */
  xThreads?: boolean;
  /** Behavior & Configuration's "Monthly platform budget (USD)" (no limit unless asked). */
  monthlyBudget?: string;
  trainingFile?: Parameters<Page['setInputFiles']>[1];
  /** "Post to": this platform's label instead of X's (the terminal stays ticked). */
  postTo?: string;
  /** "Reply on": this platform's label instead of X's (the terminal stays ticked). */
  replyOn?: string;
  /** Reply guards' "Never answer these accounts". */
  blockList?: string[];
  /** "Farcaster channel", asked once Farcaster is ticked under "Post to". */
  farcasterChannel?: string;
  /** The form is open already (`/dashboard?view=create`, e.g. after connecting an account in it). */
  isFormOpen?: boolean;
};

/**
 * Fills the Create Agent form from the AgentBoard as a person does (the required fields and one topic, plus what the
 * test asks for), saves it, and waits for the agent's row. Answers the row.
 */
export const createAgentInForm = async (
  page: Page,
  {
    name,
    description = 'Writes about AI',
    prompt = 'You write short posts about AI.',
    topic = 'AI',
    interval,
    meme,
    reviewBeforePosting,
    xThreads,
    monthlyBudget,
    trainingFile,
    postTo,
    farcasterChannel,
    replyOn,
    blockList = [],
    isFormOpen = false,
  }: NewAgent,
) => {
  if (!isFormOpen)
    await page
      .getByRole('button', { name: /^(\+ Create New Agent|Create Your First Agent)$/ })
      .first()
      .click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill(description);
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByLabel('Topics').fill(topic);
  await page.keyboard.press('Enter');
  if (interval !== undefined) await page.getByLabel('Post interval (minutes)').fill(String(interval));
  if (meme) await page.getByLabel('Memes').check();
  if (reviewBeforePosting)
    await page
      .getByRole('group', { name: 'Review before posting', exact: true })
      .getByRole('radio', { name: 'One approval', exact: true })
      .check();
  if (xThreads) await page.getByLabel('Post long texts as threads', { exact: true }).check();
  if (monthlyBudget !== undefined) await page.getByLabel('Monthly platform budget (USD)').fill(monthlyBudget);
  if (trainingFile) await page.getByLabel('Training files (PDF)').setInputFiles(trainingFile);
  if (postTo) {
    const clients = page.getByRole('group', { name: 'Post to' });
    await clients.getByLabel('X (Twitter)').uncheck();
    await clients.getByLabel(postTo).check();
  }
  if (farcasterChannel !== undefined) await page.getByLabel('Farcaster channel').fill(farcasterChannel);
  if (replyOn) {
    const clients = page.getByRole('group', { name: 'Reply on' });
    await clients.getByLabel('X (Twitter)').uncheck();
    await clients.getByLabel(replyOn).check();
  }
  for (const handle of blockList) {
    await page.getByLabel('Never answer these accounts').fill(handle);
    await page.keyboard.press('Enter');
  }
  await page.getByRole('button', { name: 'Create Agent' }).click();
  const row = page.getByRole('listitem', { name });
  // The spec's 2 s on the confirmation, then the board's list read again: on a loaded 2-core machine 5 s was short.
  await expect(row).toBeVisible({ timeout: 15_000 });
  return row;
};

const clientLabelled = (label: string) => {
  const client = (Object.keys(CLIENT_LABELS) as Client[]).find((key) => CLIENT_LABELS[key] === label);
  if (!client) throw new Error(`No platform is labelled ${label}`);
  return client;
};

/** The platforms the form sends when a label replaces X's there (the terminal stays ticked). */
const clientsWith = (label: string | undefined) =>
  label === undefined
    ? undefined
    : AGENT_DEFAULTS.clients.map((client) => (client === 'x' ? clientLabelled(label) : client));

/**
 * The same agent as `createAgentInForm` makes, made by the request the form sends, for the tests whose subject is
 * what the agent does rather than the form: the form waits the spec's 2 s on its confirmation, which 80 tests paid.
 * Opens the board (or reads it again) and answers the agent's row.
 */
export const createAgent = async (
  page: Page,
  {
    name,
    description = 'Writes about AI',
    prompt = 'You write short posts about AI.',
    topic = 'AI',
    interval,
    meme = false,
    reviewBeforePosting = false,
    xThreads = false,
    monthlyBudget,
    postTo,
    farcasterChannel,
    replyOn,
    blockList = [],
  }: Omit<NewAgent, 'trainingFile' | 'isFormOpen'>,
) => {
  const app = new URL(page.url()).origin;
  const answer = await page.request.post('/api/agents', {
    headers: { origin: app },
    data: {
      name,
      description,
      prompt,
      post_configuration: {
        topics: [topic],
        ...(interval === undefined ? {} : { interval }),
        ...(postTo === undefined ? {} : { clients: clientsWith(postTo) }),
      },
      ...(replyOn === undefined ? {} : { chat_configuration: { clients: clientsWith(replyOn) } }),
      reply_guards: { block_list: blockList },
      meme,
      approval: reviewBeforePosting ? 'one' : 'none',
      x_threads: xThreads,
      monthly_budget_usd: monthlyBudget === undefined ? null : Number(monthlyBudget),
      ...(farcasterChannel === undefined ? {} : { farcaster_channel: farcasterChannel }),
    },
  });
  expect(answer.status(), `creating ${name} answered ${answer.status()}: ${await answer.text()}`).toBe(201);
  await page.goto('/dashboard');
  const row = page.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  return row;
};
