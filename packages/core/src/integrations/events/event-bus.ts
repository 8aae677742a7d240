import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseConnection } from '@agentcast/db/client';
import { EVENTS_CHANNEL, type AppEvent } from './app-event.ts';

export type EventListener = (event: AppEvent) => void;

export type EventBus = {
  /** Sends the event to every process listening on this database, this one included. */
  publish: (event: AppEvent) => Promise<void>;
  /** Several at once, in one statement (a batch of runs finished together). */
  publishAll: (events: AppEvent[]) => Promise<void>;
  /** Returns the function that stops listening. */
  subscribe: (listener: EventListener) => () => void;
  close: () => Promise<void>;
};

/** How long to wait before listening again after the listening connection to PostgreSQL broke. */
const RECONNECT_MS = 1000;

/**
 * Events over PostgreSQL's LISTEN/NOTIFY: on a server through a dedicated connection (reconnected if it drops), on
 * PGlite through its in-process listener. Payloads carry ids only (NOTIFY payloads are limited to 8 KB); readers
 * load what they show, scoped to their user.
 */
export const createEventBus = async (connection: DatabaseConnection, logger: Logger): Promise<EventBus> => {
  const listeners = new Set<EventListener>();
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };

  let stopListening: () => Promise<void>;
  if (connection.driver === 'pglite') {
    stopListening = await connection.pglite.listen(EVENTS_CHANNEL, deliver);
  } else {
    stopListening = await listenOnServer(connection.url, deliver, logger);
  }

  return {
    publish: async (event) => {
      await connection.db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
    },
    publishAll: async (events) => {
      if (events.length === 0) return;
      const payloads = sql.join(
        events.map((event) => sql`(${JSON.stringify(event)})`),
        sql`, `,
      );
      await connection.db.execute(
        sql`SELECT pg_notify(${EVENTS_CHANNEL}, payload) FROM (VALUES ${payloads}) AS events(payload)`,
      );
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await stopListening();
    },
  };
};

const listenOnServer = async (url: string, deliver: (payload: string | undefined) => void, logger: Logger) => {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'agentcast-events' });
    next.on('notification', (message) => deliver(message.payload));
    next.on('error', (error) => {
      logger.warn({ err: error }, 'Event listener connection failed; reconnecting');
      void next.end().catch(() => undefined);
      if (!isClosed) retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    client = next;
  };
  await connect();

  return async () => {
    isClosed = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
};
