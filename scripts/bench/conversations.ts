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

/** Chat looks every 2 s (TIME_SCALE 60): a loop no guard stops is given up on after this long. */
const GIVE_UP_MS = 60_000;

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
    // The loop is over when a guard has held a message back (its sentence is in a terminal) and nothing is in flight:
    // each look at the terminals is the wait, no timer.
    const stoppedBy = new Set<string>();
    for (let settled = false; !settled && Date.now() - started < GIVE_UP_MS;) {
      stoppedBy.clear();
      let inFlight = 0;
      for (const side of sides) {
        const page = (await readJson(
          await side.browser.get(`/api/terminal?agent_id=${side.agent.id}`),
        )) as TerminalPage;
        for (const message of page.messages) {
          for (const note of message.notes) stoppedBy.add(note);
          inFlight += message.deliveries.filter((item) => item.status !== 'posted' && item.status !== 'failed').length;
        }
      }
      settled = stoppedBy.size > 0 && inFlight === 0;
    }
    const last = answers();
    const lastChange = Date.now();
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
