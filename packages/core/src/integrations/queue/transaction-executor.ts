import { sql } from 'drizzle-orm';
import { fromDrizzle, type Db } from 'pg-boss';
import type { Database } from '@agentcast/db/client';

/**
 * Lets pg-boss write its jobs inside one of our Drizzle transactions (`send(…, { db })`), so that a planned run and
 * the job that works it are committed together or not at all.
 */
export const transactionExecutor = (tx: Database): Db => fromDrizzle(tx as never, sql as never);
