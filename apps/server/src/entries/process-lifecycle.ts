import type { Logger } from 'pino';
import { DataDirLockedError } from '@agentcast/db/data-dir-lock';
import { EmbeddingStoreError } from '@agentcast/db/embedding-store';
import { EnvError, parseEnv, type Env } from '../env.ts';

/** The configuration, or a list of what is wrong with it and exit code 1 (no stack trace for a typo in .env). */
export const readEnvOrExit = (check: (env: Env) => void = () => undefined): Env => {
  try {
    // eslint-disable-next-line no-restricted-properties -- the one place that reads the environment
    const env = parseEnv(process.env);
    check(env);
    return env;
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};

/** On SIGTERM or SIGINT (once): run `stop`, then exit 0, or 1 if stopping failed. */
export const stopOnSignals = (stop: () => Promise<void>, logger: Logger) => {
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'Shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
};

/** Runs an entry point; a failure to start is printed and ends the process with code 1. */
export const runEntryPoint = (name: string, main: () => Promise<void>) => {
  main().catch((error: unknown) => {
    // Configuration problems are explained in their message; anything else needs its stack.
    const isExplained = error instanceof DataDirLockedError || error instanceof EmbeddingStoreError;
    console.error(`${name} failed to start:`, isExplained ? error.message : error);
    process.exit(1);
  });
};
