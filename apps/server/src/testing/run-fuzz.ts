import fc from 'fast-check';
import { signUpVerifiedUser } from './accounts.ts';
import { validAgent } from './fixtures.ts';
import { fuzzRequests, sendFuzzRequest, type FuzzRequest } from './fuzz-requests.ts';
import { readJson } from './http-client.ts';
import type { TestServer } from './start-test-server.ts';

export type FuzzOutcome = {
  sent: number;
  seed: number;
  /** How many answers had each status; a network failure counts as status 0. */
  statuses: Map<number, number>;
  /** The requests answered with a 5xx (or no answer), as sent. */
  failures: { request: FuzzRequest; status: number }[];
  serverUp: boolean;
};

/**
 * Sends `runs` generated requests to a running test server, `concurrency` at a time, for one signed-in account that
 * owns an agent. Requests may sign that account out or delete its agent: both are restored between batches, so the
 * later requests still reach the code behind the session and ownership checks.
 */
export const runFuzz = async (
  server: TestServer,
  { runs, seed = Date.now() % 2 ** 31, concurrency = 4 }: { runs: number; seed?: number; concurrency?: number },
) => {
  const { browser, email, password } = await signUpVerifiedUser(server);
  const ensureAgent = async () => {
    const { agents } = (await readJson(await browser.get('/api/agents'))) as { agents: { id: string }[] };
    return agents[0]?.id ?? ((await readJson(await browser.post('/api/agents', validAgent()))) as { id: string }).id;
  };
  const ensureSession = async () => {
    const session: unknown = await readJson(await browser.get('/api/auth/get-session'));
    if (!session) await browser.post('/api/auth/sign-in/email', { email, password });
  };
  const cookie = () => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const requests = fc.sample(fuzzRequests(server.routes, server.url), { numRuns: runs, seed });
  const outcome: FuzzOutcome = { sent: 0, seed, statuses: new Map(), failures: [], serverUp: false };
  for (let start = 0; start < requests.length; start += concurrency * 10) {
    await ensureSession();
    const agentId = await ensureAgent();
    const batch = requests.slice(start, start + concurrency * 10);
    for (let offset = 0; offset < batch.length; offset += concurrency) {
      await Promise.all(
        batch.slice(offset, offset + concurrency).map(async (request) => {
          // A connection the server closed for idling just as it was reused fails without an answer (a race of
          // keep-alive, not of the route): sent once more before it counts.
          const send = () => sendFuzzRequest(server.url, request, { cookie: cookie(), agentId });
          const status = await send().catch(() => send().catch(() => 0));
          outcome.sent++;
          outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
          if (status === 0 || status >= 500) outcome.failures.push({ request, status });
        }),
      );
    }
  }
  outcome.serverUp = (await fetch(`${server.url}/api/health`).catch(() => null))?.status === 200;
  return outcome;
};

/** One line per failing request, short enough to read in a test report. */
export const describeFailures = (failures: FuzzOutcome['failures']) =>
  failures
    .slice(0, 20)
    .map(({ request, status }) => {
      const body =
        typeof request.body === 'string'
          ? request.body.slice(0, 200)
          : request.body
            ? `<${request.body.length} bytes>`
            : '';
      return `${status} ${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers)} ${body}`;
    })
    .join('\n');
