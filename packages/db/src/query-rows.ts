import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * The rows of a raw SQL statement. Both drivers answer `db.execute` with `{ rows }` (node-postgres' QueryResult,
 * PGlite's Results), which the Database type shared by the two does not express: this is the one place that says
 * so. `Row` is the caller's word for its SELECT list.
 */
export const queryRows = async <Row>(db: Database, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Many rows as one JSON parameter that PostgreSQL spreads into the table's row type, for a multi-row INSERT or an
 * UPDATE … FROM: `INSERT INTO t (${columns}) SELECT ${columns} FROM ${source}`. Drizzle's multi-row VALUES binds and
 * checks every value apart (milliseconds of CPU for a few hundred rows); this binds one string. Only the properties
 * the rows have are listed: the other columns keep their defaults. Values go as JSON: dates as ISO strings, a jsonb
 * column's value nested as it is. `source` is aliased `records`.
 */
export const jsonRecords = <Table extends PgTable>(table: Table, rows: Partial<Table['$inferInsert']>[]) => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const records = rows.map((row) =>
    Object.fromEntries(keys.map((key) => [columns[key]!.name, (row as Record<string, unknown>)[key] ?? null])),
  );
  return {
    columns: sql.join(
      keys.map((key) => sql.identifier(columns[key]!.name)),
      sql`, `,
    ),
    source: sql`json_populate_recordset(NULL::${table}, ${JSON.stringify(records)}::json) AS records`,
  };
};

/** Raw rows of `table` (RETURNING *, by column name) as Drizzle's select would give them: by property, typed. */
export const tableRows = <Table extends PgTable>(
  table: Table,
  raw: Record<string, unknown>[],
): Table['$inferSelect'][] => {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  return raw.map((row) =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = row[column.name];
        return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    ),
  );
};
