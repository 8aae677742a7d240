import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The rows of a raw SQL statement. Both drivers answer `db.execute` with `{ rows }` (node-postgres' QueryResult,
 * PGlite's Results), which the Database type shared by the two does not express: this is the one place that says
 * so. `Row` is the caller's word for its SELECT list.
 */
export const queryRows = async <Row>(db: Database, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
