import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures, runFuzz } from './testing/run-fuzz.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** `npm run fuzz` sends 10,000 and more; the suite sends enough to catch a route that breaks on bad input. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

describe('malformed requests', () => {
  it(`never get a 5xx and leave the server up (${RUNS} generated requests over every route)`, async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    const outcome = await runFuzz(server, { runs: RUNS, seed });

    expect(outcome.sent).toBe(RUNS);
    // The server's own account of each fault, to read beside the request that caused it.
    const faults = server
      .logs()
      .filter((line) => line.msg === 'Unhandled error' || line.msg === 'better-auth: request failed')
      .map((line) => JSON.stringify(line).slice(0, 2000));
    expect(
      outcome.failures,
      `seed ${outcome.seed} (FUZZ_SEED=${outcome.seed} repeats it):\n${describeFailures(outcome.failures)}\n${faults.join('\n')}`,
    ).toEqual([]);
    expect(outcome.serverUp).toBe(true);
    // The requests reached the code behind the checks, not only the refusals in front of it.
    for (const status of [200, 400, 404]) expect(outcome.statuses.get(status) ?? 0).toBeGreaterThan(0);
  }, 180_000);
});
