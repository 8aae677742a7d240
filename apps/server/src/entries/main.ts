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
  const server = await startServer(env, logger);
  stopOnSignals(server.stop, logger);
});
