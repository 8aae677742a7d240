import { runFuzz } from '../../apps/server/src/testing/run-fuzz.ts';
import { startTestServer } from '../../apps/server/src/testing/start-test-server.ts';

/**
 * Sends `runs` generated malformed requests over every route of a real server (embedded database, worker on, like
 * `npm start`) and counts the answers, 5xx and dropped connections in particular. Used by `npm run bench` and by
 * `npm run fuzz`, which takes --runs and --seed.
 */
export const benchFuzz = async ({ runs, seed }: { runs: number; seed?: number }) => {
  const server = await startTestServer();
  try {
    const startedAt = performance.now();
    const outcome = await runFuzz(server, { runs, seed });
    const seconds = (performance.now() - startedAt) / 1000;
    const serverErrors = [...outcome.statuses]
      .filter(([status]) => status === 0 || status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    return { ...outcome, serverErrors, requestsPerSecond: outcome.sent / seconds };
  } finally {
    await server.close();
  }
};
