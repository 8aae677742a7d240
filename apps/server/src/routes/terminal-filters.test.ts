import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { Delivery, TerminalPage } from '@agentcast/contracts/terminal';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { putOnPlan, signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
let first: Agent;
let second: Agent;
/** The owner's entries as inserted, oldest first. */
const texts: string[] = [];

const createAgent = async (browser: HttpClient, name: string) =>
  (await readJson(await browser.post('/api/agents', validAgent({ name })))) as Agent;

const userIdOf = async (browser: HttpClient) =>
  ((await readJson(await browser.get('/api/auth/get-session'))) as { user: { id: string } }).user.id;

const delivery = (platform: string, status: Delivery['status']): Delivery => ({ platform, status });

/** Straight into the database, a second apart, so the order is known: the filters are what is tested here. */
const seed = async (workspaceId: string, agentId: string, tweetContent: string, deliveries: Delivery[]) => {
  await server.database.db.insert(terminalMessage).values({
    workspaceId,
    agentId,
    tweetContent,
    deliveries: [delivery('terminal', 'posted'), ...deliveries],
    instruction: 'Write a tweet about AI',
    trigger: 'manual',
    model: 'offline-writer',
    isOffline: true,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, texts.length)),
  });
  texts.push(tweetContent);
};

const page = async (query = '', browser = owner) => {
  const response = await browser.get(`/api/terminal${query}`);
  expect(response.status).toBe(200);
  return (await readJson(response)) as TerminalPage;
};
const textsOf = (result: TerminalPage) => result.messages.map((message) => message.tweet_content);

beforeAll(async () => {
  server = await startTestServer();
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');
  stranger = (await signUpVerifiedUser(server)).browser;
  first = await createAgent(owner, 'First Agent');
  second = await createAgent(owner, 'Second Agent');
  const ownerId = await userIdOf(owner);
  await seed(ownerId, first.id, 'Posted on X about chips', [delivery('x', 'posted')]);
  await seed(ownerId, second.id, 'Failed on X, posted on LinkedIn: 100% evals_', [
    delivery('x', 'failed'),
    delivery('linkedin', 'posted'),
  ]);
  await seed(ownerId, first.id, 'A draft about CHIPS waiting', [delivery('x', 'awaiting_review')]);
  await seed(ownerId, second.id, 'Taken back from X', [delivery('x', 'removed')]);
  await seed(ownerId, second.id, 'Only in the terminal', []);
  const strangerAgent = await createAgent(stranger, 'Stranger Agent');
  await seed(await userIdOf(stranger), strangerAgent.id, 'A stranger posted about chips', [delivery('x', 'posted')]);
  texts.pop();
});
afterAll(async () => {
  await server.close();
});

describe('the terminal of all agents', () => {
  it('pages through every agent of the account, newest first, and never shows another user’s messages', async () => {
    const firstPage = await page('?limit=2');
    const secondPage = await page(`?limit=2&before=${firstPage.next_before}`);
    const thirdPage = await page(`?limit=2&before=${secondPage.next_before}`);

    expect(thirdPage.next_before).toBeNull();
    const all = [...firstPage.messages, ...secondPage.messages, ...thirdPage.messages];
    expect(all.map((message) => message.tweet_content)).toEqual([...texts].reverse());
    expect(new Set(all.map((message) => message.agent_id))).toEqual(new Set([first.id, second.id]));
    expect(textsOf(await page('', stranger))).toEqual(['A stranger posted about chips']);
    // An empty agent_id, as a form sends it, is the same as none.
    expect(textsOf(await page('?agent_id='))).toEqual([...texts].reverse());
  });

  it('still narrows to one agent', async () => {
    expect(textsOf(await page(`?agent_id=${first.id}`))).toEqual([
      'A draft about CHIPS waiting',
      'Posted on X about chips',
    ]);
  });
});

describe('the terminal’s filters', () => {
  it('narrows by status: posted, not posted, drafts, removed', async () => {
    expect(textsOf(await page('?status=posted'))).toEqual([
      'Failed on X, posted on LinkedIn: 100% evals_',
      'Posted on X about chips',
    ]);
    expect(textsOf(await page('?status=not_posted'))).toEqual(['Failed on X, posted on LinkedIn: 100% evals_']);
    expect(textsOf(await page('?status=draft'))).toEqual(['A draft about CHIPS waiting']);
    expect(textsOf(await page('?status=removed'))).toEqual(['Taken back from X']);
  });

  it('narrows by platform, and a status with a platform is that platform’s delivery', async () => {
    expect(textsOf(await page('?platform=linkedin'))).toEqual(['Failed on X, posted on LinkedIn: 100% evals_']);
    expect(textsOf(await page('?platform=x&status=posted'))).toEqual(['Posted on X about chips']);
    expect(textsOf(await page('?platform=linkedin&status=not_posted'))).toEqual([]);
    expect(textsOf(await page(`?platform=x&agent_id=${second.id}`))).toEqual([
      'Taken back from X',
      'Failed on X, posted on LinkedIn: 100% evals_',
    ]);
  });

  it('searches the text in any case, wildcards taken literally, and pages the results', async () => {
    expect(textsOf(await page('?q=chips'))).toEqual(['A draft about CHIPS waiting', 'Posted on X about chips']);
    expect(textsOf(await page('?q=%25'))).toEqual(['Failed on X, posted on LinkedIn: 100% evals_']);
    expect(textsOf(await page('?q=d_'))).toEqual([]);
    const firstHit = await page('?q=chips&limit=1');
    expect(textsOf(firstHit)).toEqual(['A draft about CHIPS waiting']);
    expect(textsOf(await page(`?q=chips&limit=1&before=${firstHit.next_before}`))).toEqual(['Posted on X about chips']);
  });

  it('refuses unknown filters with a clear 400', async () => {
    for (const [query, message] of [
      ['?status=sent', 'status must be one of: posted, not_posted, draft, removed'],
      [
        '?platform=myspace',
        'platform must be one of: x, linkedin, instagram, youtube, bluesky, telegram, discord, mastodon, farcaster, threads, facebook, tiktok',
      ],
      [`?q=${'a'.repeat(101)}`, 'The search text may be at most 100 characters'],
    ] as const) {
      const response = await owner.get(`/api/terminal${query}`);
      expect(response.status).toBe(400);
      expect((await readJson(response)).message).toBe(message);
    }
  });
});
