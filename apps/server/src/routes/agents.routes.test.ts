import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, AGENT_MESSAGES, type Agent } from '@agentcast/contracts/agents';
import type { AgentsPage } from '@agentcast/contracts/agents-page';
import { AGENT_CHANGED_JOB } from '@agentcast/core/domains/agents/agent-changed-job';
import { newBrowser, signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  owner = (await signUpVerifiedUser(server)).browser;
  stranger = (await signUpVerifiedUser(server)).browser;
});
afterAll(() => server.close());

const create = async (browser: HttpClient, fields: unknown = validAgent()) => {
  const response = await browser.post('/api/agents', fields);
  expect(response.status).toBe(201);
  return (await readJson(response)) as Agent;
};

const CREDENTIALS = {
  TWITTER_USERNAME: 'marketpulse',
  TWITTER_EMAIL: 'bot@example.com',
  TWITTER_PASSWORD: 'x-password-plaintext-4711',
  TWITTER_2FA_SECRET: 'JBSWY3DPEHPK3PXP',
};

describe('creating an agent', () => {
  it('applies the spec §9 defaults and answers with the spec §3 field names; without X set up, clients are the terminal alone', async () => {
    const agent = await create(owner, {
      name: 'Defaults',
      description: 'd',
      prompt: 'p',
      post_configuration: { topics: ['AI'] },
    });

    expect(agent).toMatchObject({
      name: 'Defaults',
      model: 'gpt-4o',
      activities: ['post', 'chat'],
      data_sources: ['Market data', 'Social sentiment'],
      // This server has no X app (no OAuth configured): a post meant for X could never go out (issue 41 §5).
      post_configuration: {
        clients: ['terminal'],
        interval: AGENT_DEFAULTS.postInterval,
        topics: ['AI'],
        enabled: true,
        reply_to_usernames: [],
      },
      chat_configuration: { clients: ['terminal'], reply_to_usernames: [], reply_to_replies: true, enabled: true },
      image: null,
      cookies: [],
      trainingfiles: null,
      meme: false,
      graphic: false,
      video: false,
      linkedin_urn: null,
      linkedin_connected: false,
    });
    expect(agent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(agent.created_at).toEqual(agent.updated_at);
  });

  it('keeps sample posts, Q&A pairs and usernames only when non-empty after trimming', async () => {
    const agent = await create(
      owner,
      validAgent({
        sample_posts: ['  First post  ', '   ', ''],
        sample_questions: [
          { question: ' Why? ', answer: ' Because. ' },
          { question: 'Only a question', answer: '  ' },
          { question: '', answer: 'Only an answer' },
        ],
        post_configuration: { topics: [' AI ', ' '], reply_to_usernames: [' @alice ', ''] },
        chat_configuration: { reply_to_usernames: ['  ', 'bob'] },
      }),
    );

    expect(agent.sample_posts).toEqual(['First post']);
    expect(agent.sample_questions).toEqual([{ question: 'Why?', answer: 'Because.' }]);
    expect(agent.post_configuration.topics).toEqual(['AI']);
    expect(agent.post_configuration.reply_to_usernames).toEqual(['@alice']);
    expect(agent.chat_configuration.reply_to_usernames).toEqual(['bob']);
  });

  it.each([
    ['name', { name: '  ' }, 'name', AGENT_MESSAGES.nameRequired],
    ['description', { description: '' }, 'description', AGENT_MESSAGES.descriptionRequired],
    ['prompt', { prompt: undefined }, 'prompt', AGENT_MESSAGES.promptRequired],
    [
      'one Twitter field',
      { twitter_credentials: { TWITTER_USERNAME: 'someone' } },
      'twitter_credentials',
      AGENT_MESSAGES.twitterAllOrNothing,
    ],
    [
      'a bad 2FA secret',
      { twitter_credentials: { ...CREDENTIALS, TWITTER_2FA_SECRET: 'not base32!' } },
      'twitter_credentials.TWITTER_2FA_SECRET',
      AGENT_MESSAGES.twitter2faInvalid,
    ],
    [
      'no topics',
      { post_configuration: { topics: ['  '] } },
      'post_configuration.topics',
      AGENT_MESSAGES.topicsRequired,
    ],
    [
      'no interval',
      { post_configuration: { topics: ['AI'], interval: null } },
      'post_configuration.interval',
      AGENT_MESSAGES.intervalRequired,
    ],
    [
      'a zero interval',
      { post_configuration: { topics: ['AI'], interval: 0 } },
      'post_configuration.interval',
      AGENT_MESSAGES.intervalRequired,
    ],
  ])('refuses %s with the spec message beside the field', async (_case, override, field, message) => {
    const response = await owner.post('/api/agents', validAgent(override as never));

    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.fieldErrors[field]).toEqual([message]);
    expect(body.message).toContain(message);
  });

  it('does not ask for topics or an interval when posting is off', async () => {
    const agent = await create(
      owner,
      validAgent({ activities: ['chat'], post_configuration: { topics: [], interval: null } }),
    );
    expect(agent.activities).toEqual(['chat']);
  });

  it('answers 401 to anyone not signed in', async () => {
    const anonymous = newBrowser(server);
    for (const response of [
      await anonymous.get('/api/agents'),
      await anonymous.post('/api/agents', validAgent()),
      await anonymous.get('/api/agents/00000000-0000-0000-0000-000000000000'),
    ]) {
      expect(response.status).toBe(401);
      expect(await readJson(response)).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    }
  });
});

describe('reading, changing and deleting', () => {
  it('lists only the user’s own agents, newest first', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const first = await create(browser, validAgent({ name: 'First' }));
    const second = await create(browser, validAgent({ name: 'Second' }));
    await create(stranger, validAgent({ name: 'Not yours' }));

    const listed = ((await readJson(await browser.get('/api/agents'))) as AgentsPage).agents;

    expect(listed.map((agent) => agent.id)).toEqual([second.id, first.id]);
  });

  it('lists each agent exactly as it answers for that agent alone', async () => {
    const { browser } = await signUpVerifiedUser(server);
    await create(browser, validAgent({ name: 'Plain' }));
    await create(
      browser,
      validAgent({
        name: 'Full',
        twitter_credentials: CREDENTIALS,
        meme: true,
        sample_questions: [{ question: 'Q', answer: 'A' }],
        custom_context: 'ctx',
      }),
    );

    const listed = ((await readJson(await browser.get('/api/agents'))) as AgentsPage).agents;

    expect(listed).toHaveLength(2);
    for (const agent of listed) expect(agent).toEqual(await readJson(await browser.get(`/api/agents/${agent.id}`)));
  });

  it('updates the fields it is given and keeps the rest', async () => {
    const agent = await create(owner, validAgent({ sample_posts: ['kept'] }));

    const response = await owner.patch(`/api/agents/${agent.id}`, {
      name: 'Renamed',
      meme: true,
      post_configuration: { topics: ['rates'], interval: 120 },
    });

    expect(response.status).toBe(200);
    const updated = (await readJson(response)) as Agent;
    expect(updated).toMatchObject({
      name: 'Renamed',
      meme: true,
      sample_posts: ['kept'],
      post_configuration: { topics: ['rates'], interval: 120 },
    });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(agent.updated_at).getTime());
    expect((await readJson(await owner.get(`/api/agents/${agent.id}`))).name).toBe('Renamed');
  });

  it('validates an update with the same rules', async () => {
    const agent = await create(owner);
    const response = await owner.patch(`/api/agents/${agent.id}`, {
      post_configuration: { topics: ['AI'], interval: 0 },
    });

    expect(response.status).toBe(400);
    expect((await readJson(response)).fieldErrors['post_configuration.interval']).toEqual([
      AGENT_MESSAGES.intervalRequired,
    ]);
  });

  it('deletes', async () => {
    const agent = await create(owner);
    expect(await readJson(await owner.delete(`/api/agents/${agent.id}`))).toEqual({ success: true });
    expect((await owner.get(`/api/agents/${agent.id}`)).status).toBe(404);
  });

  it('answers another user exactly as for an agent that does not exist, on every route', async () => {
    const agent = await create(owner);
    const missing = '5b0a2d1e-8f3c-4a55-9a55-2f0e1c3d4b5a';

    for (const id of [agent.id, missing, 'not-a-uuid']) {
      const answers = [
        await stranger.get(`/api/agents/${id}`),
        await stranger.patch(`/api/agents/${id}`, { name: 'Mine now' }),
        await stranger.delete(`/api/agents/${id}`),
        await stranger.get(`/api/agents/${id}/trainingfiles/anything.pdf`),
      ];
      for (const response of answers) {
        expect(response.status).toBe(404);
        expect(await readJson(response)).toEqual({ code: 'NOT_FOUND', message: 'Agent not found' });
      }
    }
    const untouched = (await readJson(await owner.get(`/api/agents/${agent.id}`))) as Agent;
    expect(untouched.name).toBe(agent.name);
  });
});

describe('notifying the agent runtime', () => {
  it('queues an agent-changed job for each create, update and delete, which the worker completes', async () => {
    const agent = await create(owner);
    await owner.patch(`/api/agents/${agent.id}`, { name: 'Renamed' });
    await owner.delete(`/api/agents/${agent.id}`);

    const jobsOf = () =>
      server.services.queue.findJobs<{ change: string }>(AGENT_CHANGED_JOB.name, { data: { agentId: agent.id } });
    await expect
      .poll(async () => (await jobsOf()).map((job) => `${job.data.change}:${job.state}`).sort(), { timeout: 10_000 })
      .toEqual(['created:completed', 'deleted:completed', 'updated:completed']);
  });
});

describe('X credentials', () => {
  it('are never sent back: the API only says which are set', async () => {
    const response = await owner.post('/api/agents', validAgent({ twitter_credentials: CREDENTIALS }));
    const text = await response.text();

    expect(response.status).toBe(201);
    for (const value of Object.values(CREDENTIALS)) expect(text).not.toContain(value);
    expect(JSON.parse(text).twitter_credentials).toEqual({
      TWITTER_USERNAME: { is_set: true },
      TWITTER_EMAIL: { is_set: true },
      TWITTER_PASSWORD: { is_set: true },
      TWITTER_2FA_SECRET: { is_set: true },
    });
  });

  it('are kept by an edit unless retyped, and one retyped field is enough', async () => {
    const agent = await create(owner, validAgent({ twitter_credentials: CREDENTIALS }));

    const untouched = await owner.patch(`/api/agents/${agent.id}`, {
      name: 'Edited',
      twitter_credentials: { TWITTER_USERNAME: '', TWITTER_EMAIL: '', TWITTER_PASSWORD: '', TWITTER_2FA_SECRET: '' },
    });
    const retyped = await owner.patch(`/api/agents/${agent.id}`, {
      twitter_credentials: { TWITTER_PASSWORD: 'a-new-password' },
    });

    expect(untouched.status).toBe(200);
    expect(retyped.status).toBe(200);
    expect(Object.values((await readJson(retyped)).twitter_credentials)).toEqual(Array(4).fill({ is_set: true }));
  });

  it('can be removed', async () => {
    const agent = await create(owner, validAgent({ twitter_credentials: CREDENTIALS }));
    const response = await owner.patch(`/api/agents/${agent.id}`, { twitter_credentials: null });
    expect(Object.values((await readJson(response)).twitter_credentials)).toEqual(Array(4).fill({ is_set: false }));
  });

  it('are stored encrypted: the plaintext password is nowhere in the database', async () => {
    await create(owner, validAgent({ name: 'Sealed Secrets Agent', twitter_credentials: CREDENTIALS }));
    const database = server.database;
    let dump: string;
    if (database.driver === 'pglite') {
      await database.pglite.exec('CHECKPOINT');
      const tarball = await database.pglite.dumpDataDir('none');
      dump = Buffer.from(await tarball.arrayBuffer()).toString('latin1');
    } else {
      const { rows } = await database.pool.query<{ row: string }>('SELECT row_to_json(agent)::text AS row FROM agent');
      dump = rows.map((row) => row.row).join('\n');
    }
    // The dump holds the agent's other data, so looking for the password in it means something.
    expect(dump).toContain('Sealed Secrets Agent');
    expect(dump).not.toContain(CREDENTIALS.TWITTER_PASSWORD);
    expect(dump).not.toContain(CREDENTIALS.TWITTER_2FA_SECRET);
  });
});
