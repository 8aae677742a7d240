import { createProcessLogger } from '../logger.ts';
import { startServer } from '../compose/start-server.ts';
import { readEnvOrExit, runEntryPoint, stopOnSignals } from './process-lifecycle.ts';

/**
 * Entry point of `npm start` (bundled to dist/main.js) and `npm run dev` (tsx watch).
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests and jobs, close the database, exit 0.
 */
runEntryPoint('Agentcast', async () => {
  const env = readEnvOrExit();
  const logger = createProcessLogger(env);
  // Listening for signals before the start-up ends: the app answers requests while the worker is still starting,
  // and a SIGTERM then must still let them finish (the stop waits for the start-up to end).
  const starting = startServer(env, logger);
  stopOnSignals(async () => (await starting).stop(), logger);
  await starting;
});
