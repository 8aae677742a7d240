import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseConnection } from '@agentcast/db/client';

export type JobQueue = PgBoss;

/**
 * pg-boss in the application's own database (decision 003): through PGlite's single connection when embedded,
 * through its own small pool on a PostgreSQL server. Call `start()` before sending or working.
 */
export const createJobQueue = (connection: DatabaseConnection, logger: Logger): JobQueue => {
  // LISTEN/NOTIFY wakes workers when a job is sent to a queue created with `notify: true`.
  const queue =
    connection.driver === 'pglite'
      ? new PgBoss({ db: fromPglite(connection.pglite), backend: 'pglite', schema: 'pgboss', useListenNotify: true })
      : new PgBoss({
          connectionString: connection.url,
          schema: 'pgboss',
          max: 4,
          application_name: 'agentcast-jobs',
          useListenNotify: true,
        });
  queue.on('error', (error: unknown) => logger.error({ err: error }, 'Job queue error'));
  return queue;
};
