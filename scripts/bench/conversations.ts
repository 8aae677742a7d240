// Issue 34: two agents of two people, each answering on Bluesky whoever addresses it, set on each other: the loop
// must stop on its own (a reply guard), not at the plan's daily replies. Counts the answers and the model calls.
import type { Agent } from '@agentcast/contracts/agents';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { startBlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { putOnPlan, signUpVerifiedUser } from '../../apps/server/src/testing/accounts.ts';
import { validAgent } from '../../apps/server/src/testing/fixtures.ts';
import { readJson } from '../../apps/server/src/testing/http-client.ts';
import { startTestServer } from '../../apps/server/src/testing/start-test-server.ts';

export type BotLoopOutcome = {
  /** Answers both agents published to each other. */
  answers: number;
  /** Requests the model answered (one per answer written). */
  modelCalls: number;
  /** The sentences of the messages held back, as the terminal shows them. */
  stoppedBy: string[];
  /** How long the loop ran before the last look found nothing more to answer. */
  elapsedMs: number;
};

/** Chat looks every 2 s (TIME_SCALE 60); the loop is over once nothing new was answered for this long. */
const QUIET_MS = 10_000;

export const benchBotLoop = async (): Promise<BotLoopOutcome> => {
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Interesting point, {varied}. What do you think?' };
  const bluesky = await startBlueskyApiFake();
  const server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    platformApis: { blueskyBaseUrl: bluesky.baseUrl, timeoutMs: 5000 },
    timeScale: 60,
    chatPollMs: 120_000,
  });
  try {
    const sides = await Promise.all(
      ['alpha', 'beta'].map(async (name) => {
        const person = await signUpVerifiedUser(server);
        // Enterprise: no daily reply limit, so only a guard can stop the loop.
        await putOnPlan(server, person.email, 'enterprise');
        const account = bluesky.addAccount({ handle: `${name}-bot.bsky.social` });
        await person.browser.post('/api/connections/credentials', {
          platform: 'bluesky',
          handle: account.handle,
          app_password: account.appPassword,
        });
        const agent = (await readJson(
          await person.browser.post(
            '/api/agents',
            validAgent({
              activities: ['chat'],
              chat_configuration: {
                clients: ['bluesky'],
                enabled: true,
                reply_to_replies: true,
                reply_to_usernames: [],
              },
            }),
          ),
        )) as Agent;
        return { ...person, account, agent };
      }),
    );
    const [alpha, beta] = sides;
    if (!alpha || !beta) throw new Error('two sides');
    const started = Date.now();
    // Alpha's account addresses beta's: beta answers, alpha hears of the reply, and so on.
    bluesky.seedPost(alpha.account, {
      text: `@${beta.account.handle} what do you think about agents?`,
      mentions: [beta.account],
    });
    const answers = () =>
      bluesky.posts.filter((post) => post.value.reply && [alpha.account.did, beta.account.did].includes(post.repo))
        .length;
    let last = answers();
    let lastChange = Date.now();
    while (Date.now() - lastChange < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (answers() !== last) {
        last = answers();
        lastChange = Date.now();
      }
    }
    const stoppedBy = new Set<string>();
    for (const side of sides) {
      const page = (await readJson(await side.browser.get(`/api/terminal?agent_id=${side.agent.id}`))) as TerminalPage;
      for (const message of page.messages) for (const note of message.notes ?? []) stoppedBy.add(note);
    }
    return {
      answers: last,
      modelCalls: llm.requests.length,
      stoppedBy: [...stoppedBy],
      elapsedMs: lastChange - started,
    };
  } finally {
    await server.close();
    await bluesky.close();
    await llm.close();
  }
};
