import { createLogger } from './logger.ts';
import { EnvError, parseEnv } from './env.ts';
import { servicesConfig } from './server.ts';
import { startServices } from './start-services.ts';
import { openDatabase } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';

/**
 * Entry point of `npm run worker`: works the job queues without serving HTTP, for deployments that scale the
 * workers apart from the API (run the API with WORKER=off). Needs DATABASE_URL: an embedded PGlite database
 * belongs to the one process that opened it.
 */
const main = async () => {
  let env;
  try {
    // eslint-disable-next-line no-restricted-properties -- the one place that reads the environment
    env = parseEnv(process.env);
    if (!env.DATABASE_URL) throw new EnvError('npm run worker needs DATABASE_URL (a PostgreSQL server): the embedded database can only be opened by the server process itself.');
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: env.LOG_LEVEL });
  const database = await openDatabase({ url: env.DATABASE_URL });
  await migrateDatabase(database);
  const services = await startServices(database, { ...servicesConfig(env, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`), runWorker: true }, logger);
  logger.info('Worker started');

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'Worker shutting down');
    services
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'Worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  console.error('Agentcast worker failed to start:', error);
  process.exit(1);
});
