import { createLogger } from './logger.ts';
import { EnvError, parseEnv } from './env.ts';
import { startServer } from './server.ts';

/**
 * Entry point of `npm start` (bundled to dist/main.js) and `npm run dev` (tsx watch).
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database, exit 0.
 */
const main = async () => {
  let env;
  try {
    // eslint-disable-next-line no-restricted-properties -- the one place that reads the environment
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: env.LOG_LEVEL });
  const server = await startServer(env, logger);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  console.error('Agentcast failed to start:', error);
  process.exit(1);
});
